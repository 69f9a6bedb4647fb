package dev.vtlab.loadgen.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Test helper: the rows of a page's Markdown tables whose first cell links a results file or folder. */
final class MarkdownTables {

    private MarkdownTables() {
    }

    /**
     * Every table row of {@code page} whose first cell matches {@code link}, with the header of its table.
     *
     * @param link a pattern whose first group is the linked path, relative to the page's folder
     */
    static List<Row> rowsLinking(Path page, String link) throws IOException {
        return rowsLinking(page, Pattern.compile(link));
    }

    /** Every such row of each page in turn: a page and the evidence README its figures moved to. */
    static List<Row> rowsLinking(List<Path> pages, String link) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (Path page : pages) {
            rows.addAll(rowsLinking(page, Pattern.compile(link)));
        }
        return rows;
    }

    /**
     * Every table row of {@code page} whose first cell matches {@code link}, with the header of its table.
     *
     * @param link a pattern whose first group is the linked path, relative to the page's folder, by the name the file
     *             was written under: a link to its compressed copy ({@code results.json.gz}) matches as the name
     *             itself, and the readers ({@code StoredFiles}, {@code Json.read}) find the copy
     */
    static List<Row> rowsLinking(Path page, Pattern link) throws IOException {
        List<Row> rows = new ArrayList<>();
        List<String> header = null;
        for (String line : Files.readAllLines(page)) {
            if (!line.startsWith("|")) {
                header = null;
                continue;
            }
            List<String> cells = cells(line);
            if (header == null) {
                header = cells;
                continue;
            }
            Matcher linked = link.matcher(cells.getFirst().replace(".gz)", ")"));
            if (linked.find()) {
                rows.add(new Row(page.getFileName() + ": " + line, header, cells,
                        page.getParent().resolve(linked.group(1)).normalize()));
            }
        }
        return rows;
    }

    /** The body rows of the table whose header line is {@code header}, as cells. */
    static List<List<String>> bodyRows(Path page, String header) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int start = lines.indexOf(header);
        assertThat(start).as("a table headed %s in %s", header, page).isNotNegative();
        List<List<String>> rows = new ArrayList<>();
        for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            rows.add(cells(lines.get(i)));
        }
        return rows;
    }

    private static List<String> cells(String line) {
        String inner = line.strip().substring(1, line.strip().length() - 1);
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("\\|", -1)) {
            cells.add(cell.strip());
        }
        return cells;
    }

    /**
     * One row.
     *
     * @param where  the page and the line, for messages
     * @param header its table's header cells
     * @param cells  its cells
     * @param linked the path its first cell links
     */
    record Row(String where, List<String> header, List<String> cells, Path linked) {

        String cell(String column) {
            int i = header.indexOf(column);
            assertThat(i).as("column '%s' in %s", column, header).isNotNegative();
            return cells.get(i);
        }
    }
}
