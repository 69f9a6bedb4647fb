package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.stored.StoredFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The numbers a page or an evidence README quotes from reference results are the results' own: every row of a
 * results table whose first cell links a committed report ({@code [...](results/<folder>/report.md)}, or
 * {@code ../<folder>/report.md} from an evidence README) is checked, cell by cell, against the
 * {@code results.json} beside that report (p99, successes, failures by cause, pinned events) and against the
 * report's own verdict of the pool's bound. A re-measured folder or a mistyped number fails the build, naming the
 * page and the row.
 */
class ResultsTablesTest {

    private static final Pattern LINK = Pattern.compile("\\[[^]]*]\\(([^)]+)/report\\.md\\)");

    @ParameterizedTest
    @ValueSource(strings = {"docs/pools.md", "docs/results/pools/README.md"})
    void every_quoted_run_matches_its_results_file(String page) throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CommandChecks.root().resolve(page), LINK);
        for (MarkdownTables.Row row : rows) {
            checkRow(row.where(), row.header(), row.cells(), row.linked());
        }
        assertThat(rows).as("rows of %s that quote a report", page).isNotEmpty();
    }

    private static void checkRow(String where, List<String> header, List<String> cells, Path folder) throws Exception {
        JsonNode run = run(folder, cell(header, cells, "mode"), cell(header, cells, "flags"), where);
        JsonNode summary = run.path("summary");
        assertThat(cell(header, cells, "p99 ms")).as(where)
                .isEqualTo(String.format(Locale.ROOT, "%.0f", summary.path("latency").path("p99Ms").asDouble()));
        assertThat(cell(header, cells, "succeeded")).as(where).isEqualTo(summary.path("succeeded").asString());
        assertThat(cell(header, cells, "failed by cause")).as(where).isEqualTo(causes(summary));
        assertThat(cell(header, cells, "pinned")).as(where)
                .isEqualTo(summary.path("serverJvm").path("virtualThreadsPinned").asString());
        if (header.contains("pinned at")) {
            assertThat(cell(header, cells, "pinned at")).as(where).isEqualTo(sites(summary));
        }
        if (header.contains("verdict")) {
            // the mode's own section of the report, from its heading to the next one
            String report = StoredFiles.readString(folder.resolve("report.md"));
            String mode = cell(header, cells, "mode");
            int start = report.indexOf("\n## " + mode + " (");
            assertThat(start).as(where + ": the report's section for " + mode).isNotNegative();
            int end = report.indexOf("\n## ", start + 1);
            assertThat(report.substring(start, end < 0 ? report.length() : end)).as(where)
                    .containsPattern("\\| " + Pattern.quote(cell(header, cells, "flags")) + " \\|[^\\n]*\\| "
                            + Pattern.quote(cell(header, cells, "verdict")) + " \\|");
        }
    }

    /** The run of that mode and flags in the folder's results.json (exactly one). */
    private static JsonNode run(Path folder, String mode, String flags, String where) throws Exception {
        JsonNode results = Json.readTree(folder.resolve("results.json"));
        List<JsonNode> matching = new ArrayList<>();
        for (JsonNode run : results.path("runs")) {
            if (run.path("mode").asString().equalsIgnoreCase(mode) && run.path("flags").asString().equals(flags)) {
                matching.add(run);
            }
        }
        assertThat(matching).as(where + ": the run in " + folder).hasSize(1);
        return matching.getFirst();
    }

    /** {@code 0}, or e.g. {@code 1842 (HTTP 503 POOL_EXHAUSTED 1842)}, causes in the file's order. */
    static String causes(JsonNode summary) {
        long failed = summary.path("failed").asLong();
        if (failed == 0) {
            return "0";
        }
        List<String> parts = new ArrayList<>();
        summary.path("failuresByCause").properties().forEach(e -> parts.add(e.getKey() + " " + e.getValue().asLong()));
        return failed + " (" + String.join(", ", parts) + ")";
    }

    /** {@code -}, or e.g. {@code class loading: org.h2.Foo.bar x2; driver: ... x1}, sites in the file's order. */
    static String sites(JsonNode summary) {
        List<String> parts = new ArrayList<>();
        summary.path("serverJvm").path("pinnedSites").properties()
                .forEach(e -> parts.add(e.getKey() + " x" + e.getValue().asLong()));
        return parts.isEmpty() ? "-" : String.join("; ", parts);
    }

    private static String cell(List<String> header, List<String> cells, String column) {
        return new MarkdownTables.Row("", header, cells, null).cell(column);
    }
}
