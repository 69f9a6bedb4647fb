package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;

import static dev.vtlab.loadgen.docs.Printed.whole;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The comparison of the load generator's rate runs with vegeta in docs/benchmarks.md is its files' own: each row's
 * medians over the rounds, and each schedule row, recomputed from the JSON vegeta and the load generator wrote.
 */
class VegetaTablesTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/benchmarks.md");

    @Test
    void each_rates_medians_are_the_rounds_own() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, Pattern.compile("\\]\\((results/vegeta/)\\)"));
        for (MarkdownTables.Row row : rows) {
            int rate = Integer.parseInt(row.cells().getFirst().replaceAll("^\\[(\\d+)\\].*", "$1"));
            List<JsonNode> vegeta = rounds(row.linked(), "vegeta-" + rate);
            List<JsonNode> vtlab = rounds(row.linked(), "loadgen-" + rate);
            double vegetaP50 = median(vegeta, v -> v.path("latencies").path("50th").asDouble() / 1e6);
            double vegetaP99 = median(vegeta, v -> v.path("latencies").path("99th").asDouble() / 1e6);
            double vtlabP50 = median(vtlab, v -> v.path("latency").path("p50Ms").asDouble());
            double vtlabP99 = median(vtlab, v -> v.path("latency").path("p99Ms").asDouble());
            assertThat(row.cell("vegeta p50 ms")).as(row.where()).isEqualTo(whole(vegetaP50));
            assertThat(row.cell("vtlab p50 ms")).as(row.where()).isEqualTo(whole(vtlabP50));
            assertThat(row.cell("p50 vtlab / vegeta")).as(row.where()).isEqualTo(ratio(vtlabP50 / vegetaP50));
            assertThat(row.cell("vegeta p99 ms")).as(row.where()).isEqualTo(whole(vegetaP99));
            assertThat(row.cell("vtlab p99 ms")).as(row.where()).isEqualTo(whole(vtlabP99));
            assertThat(row.cell("p99 vtlab / vegeta")).as(row.where()).isEqualTo(ratio(vtlabP99 / vegetaP99));
        }
        assertThat(rows).as("rates compared with vegeta in %s", PAGE).hasSize(2);
    }

    @Test
    void each_schedule_row_is_its_runs() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE,
                Pattern.compile("\\]\\((results/vegeta/schedule-loadgen-\\d+\\.json)\\)"));
        for (MarkdownTables.Row row : rows) {
            JsonNode vtlab = ResultsJson.read(row.linked());
            JsonNode vegeta = ResultsJson.read(row.linked().resolveSibling(
                    row.linked().getFileName().toString().replace("loadgen", "vegeta")));
            double offered = vtlab.path("offeredRate").asDouble();
            assertThat(row.cells().getFirst()).as(row.where()).startsWith(String.format(Locale.ROOT, "[%,.0f]", offered));
            assertThat(row.cell("vegeta sent req/s")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.1f", vegeta.path("rate").asDouble()));
            assertThat(row.cell("vtlab sent req/s")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.1f", vtlab.path("achievedSendRate").asDouble()));
            assertThat(row.cell("vtlab send lag p99 ms")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.1f", vtlab.path("lagP99Ms").asDouble()));
            boolean kept = vtlab.path("achievedSendRate").asDouble() >= 0.995 * offered
                    && vtlab.path("lagP99Ms").asDouble() <= 5;
            assertThat(row.cell("vtlab kept its schedule")).as(row.where()).isEqualTo(kept ? "yes" : "no");
        }
        assertThat(rows).as("schedule rows in %s", PAGE).hasSize(4);
    }

    private static List<JsonNode> rounds(Path dir, String prefix) throws Exception {
        List<JsonNode> rounds = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            rounds.add(ResultsJson.read(dir.resolve(prefix + "-" + round + ".json")));
        }
        return rounds;
    }

    private static double median(List<JsonNode> rounds, ToDoubleFunction<JsonNode> value) {
        return rounds.stream().mapToDouble(value).sorted().toArray()[rounds.size() / 2];
    }


    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.3f", r);
    }
}
