package dev.vtlab.loadgen.report;

import java.util.List;

/** The HTML the reports share: text escaping, a page's head and a list. */
final class Html {

    private static final String STYLE = "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
            + "table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 6px;"
            + "text-align:left}th{background:#f3f3f3}code{background:#f3f3f3;padding:0 3px}";

    private Html() {
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A self-contained page begun: its head (the title, the style inline) and the title as its heading. */
    static StringBuilder page(String title) {
        return new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title><style>").append(STYLE).append("</style></head><body>")
                .append("<h1>").append(escape(title)).append("</h1>");
    }

    /** {@code items}, escaped, as a bulleted list. */
    static String list(List<String> items) {
        StringBuilder list = new StringBuilder("<ul>");
        items.forEach(item -> list.append("<li>").append(escape(item)).append("</li>"));
        return list.append("</ul>").toString();
    }
}
