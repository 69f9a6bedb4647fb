package dev.vtlab.loadgen.report;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A table of the report, rendered to Markdown and to HTML from the same rows.
 *
 * @param header column names
 * @param rows   cells, as text
 */
record Table(List<String> header, List<List<String>> rows) {

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(row(header)).append('|').append(" --- |".repeat(header.size())).append('\n');
        rows.forEach(r -> md.append(row(r)));
        return md.toString();
    }

    String html() {
        return "<table><thead><tr>" + header.stream().map(h -> "<th>" + Html.escape(h) + "</th>")
                .collect(Collectors.joining()) + "</tr></thead><tbody>"
                + rows.stream().map(r -> "<tr>" + r.stream().map(c -> "<td>" + Html.escape(c) + "</td>")
                .collect(Collectors.joining()) + "</tr>").collect(Collectors.joining("\n"))
                + "</tbody></table>\n";
    }

    private static String row(List<String> cells) {
        return "| " + cells.stream().map(c -> c.replace("|", "\\|")).collect(Collectors.joining(" | ")) + " |\n";
    }
}
