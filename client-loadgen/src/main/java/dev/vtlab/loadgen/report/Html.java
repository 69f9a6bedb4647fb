package dev.vtlab.loadgen.report;

/** HTML text escaping. */
final class Html {

    private Html() {
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
