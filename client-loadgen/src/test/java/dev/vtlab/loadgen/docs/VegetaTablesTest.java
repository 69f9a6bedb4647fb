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
 * The comparison of the load generator's rate runs with vegeta in docs/benchmarks.md, its evidence README and its
 * claims is its files' own: each row's medians over the rounds, each round, and each schedule row, recomputed from
 * the JSON vegeta and the load generator wrote.
 */
class VegetaTablesTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/benchmarks.md");
    private static final Path README = CommandChecks.root().resolve("docs/results/vegeta/README.md");

    @Test
    void each_rates_medians_are_the_rounds_own() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, README), "\\]\\((results/vegeta/|\\./)\\)");
        double p50Apart = 0;
        double p99Apart = 0;
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
            p50Apart = Math.max(p50Apart, Math.abs(vtlabP50 / vegetaP50 - 1));
            p99Apart = Math.max(p99Apart, Math.abs(vtlabP99 / vegetaP99 - 1));
        }
        assertThat(rows).as("rates compared with vegeta in %s and %s", PAGE, README).hasSize(4);
        String within = String.format(Locale.ROOT, "within %.1f%% of vegeta's and its p99 within %.1f%%",
                100 * p50Apart, 100 * p99Apart);
        assertThat(Claims.statement("bench-vegeta-latency")).contains("median p50 is " + within);
        assertThat(PageText.of(PAGE)).contains(String.format(Locale.ROOT, "the p50 within %.1f%% and the p99 within %.1f%%",
                100 * p50Apart, 100 * p99Apart));
    }

    @Test
    void each_round_is_its_runs() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(README,
                Pattern.compile("\\]\\((loadgen-\\d+-\\d\\.json)\\)"));
        for (MarkdownTables.Row row : rows) {
            JsonNode vtlab = ResultsJson.read(row.linked());
            JsonNode vegeta = ResultsJson.read(row.linked().resolveSibling(
                    row.linked().getFileName().toString().replace("loadgen", "vegeta")));
            assertThat(row.cells().getFirst()).as(row.where()).startsWith(row.linked().getFileName().toString()
                    .replaceAll("loadgen-(\\d+)-(\\d)\\.json", "[$1, round $2]"));
            assertThat(row.cell("vegeta p50 ms")).as(row.where())
                    .isEqualTo(whole(vegeta.path("latencies").path("50th").asDouble() / 1e6));
            assertThat(row.cell("vtlab p50 ms")).as(row.where()).isEqualTo(whole(vtlab.path("latency").path("p50Ms")));
            assertThat(row.cell("vegeta p99 ms")).as(row.where())
                    .isEqualTo(whole(vegeta.path("latencies").path("99th").asDouble() / 1e6));
            assertThat(row.cell("vtlab p99 ms")).as(row.where()).isEqualTo(whole(vtlab.path("latency").path("p99Ms")));
        }
        assertThat(rows).as("rounds in %s", README).hasSize(6);
    }

    @Test
    void each_schedule_row_is_its_runs() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(README,
                Pattern.compile("\\]\\((schedule-loadgen-\\d+\\.json)\\)"));
        List<Double> lags = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
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
            assertThat(kept).as(row.where()).isTrue();
            lags.add(vtlab.path("lagP99Ms").asDouble());
            rates.add(offered);
        }
        assertThat(rows).as("schedule rows in %s", README).hasSize(4);
        assertThat(Claims.statement("bench-vegeta-schedule")).contains(String.format(Locale.ROOT,
                "from %,.0f to %,.0f req/s, its lag p99 %s ms", rates.stream().mapToDouble(d -> d).min().orElseThrow(),
                rates.stream().mapToDouble(d -> d).max().orElseThrow(), NumberRange.of(lags, "%.1f")));
    }

    private static List<JsonNode> rounds(Path dir, String prefix) throws Exception {
        List<JsonNode> rounds = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            rounds.add(ResultsJson.read(dir.resolve(prefix + "-" + round + ".json")));
        }
        return rounds;
    }

    private static double median(List<JsonNode> rounds, ToDoubleFunction<JsonNode> value) {
        return NumberRange.median(rounds.stream().map(value::applyAsDouble).toList());
    }


    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.3f", r);
    }
}
