package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static dev.vtlab.loadgen.docs.Printed.whole;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rate-run and quiet-server figures of docs/benchmarks.md are their results files' own: every row whose first
 * cell links a file under docs/results/soak or docs/results/quiet-server is recomputed from it, cell by cell.
 */
class RateTablesTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/benchmarks.md");
    /** A rate holds when p99 is at most 1.5 x the 2 s floor, nothing fails and 99% of the offered completes. */
    private static final double HOLD_P99_MS = 3000;

    @Test
    void every_capacity_step_matches_its_run() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/soak/capacity-\\d+\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode s = ResultsJson.read(row.linked());
            double offered = s.path("offeredRate").asDouble();
            assertThat(row.cells().getFirst()).as(row.where()).startsWith(String.format(Locale.ROOT, "[%,.0f]", offered));
            assertThat(row.cell("p99 ms")).as(row.where()).isEqualTo(whole(s.path("latency").path("p99Ms")));
            assertThat(row.cell("failed")).as(row.where()).isEqualTo(s.path("failed").asString());
            assertThat(row.cell("completed req/s")).as(row.where()).isEqualTo(whole(s.path("completionRate")));
            assertThat(row.cell("send lag p99 ms")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.1f", s.path("lagP99Ms").asDouble()));
            boolean held = s.path("latency").path("p99Ms").asDouble() <= HOLD_P99_MS && s.path("failed").asLong() == 0
                    && s.path("completionRate").asDouble() >= 0.99 * offered;
            assertThat(row.cell("held")).as(row.where()).isEqualTo(held ? "yes" : "no");
        }
        assertThat(rows).as("capacity steps in %s", PAGE).hasSizeGreaterThanOrEqualTo(5);
    }

    @Test
    void every_soak_matches_its_run_and_the_rest_values_around_it() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/soak/(?:soak|overload)-[a-z]+\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode s = ResultsJson.read(row.linked());
            String name = row.linked().getFileName().toString().replace(".json", "");
            JsonNode before = ResultsJson.read(row.linked().resolveSibling("rest-" + name + "-before.json"));
            JsonNode after = ResultsJson.read(row.linked().resolveSibling("rest-" + name + "-after.json"));
            List<JsonNode> minutes = s.path("minutes").values().stream().toList();
            assertThat(row.cell("offered req/s")).as(row.where()).isEqualTo(whole(s.path("offeredRate")));
            assertThat(row.cell("measured")).as(row.where()).isEqualTo(s.path("requests").asString());
            String causes = s.path("failuresByCause").properties().stream()
                    .map(cause -> cause.getKey() + " " + cause.getValue().asString()).collect(Collectors.joining(", "));
            assertThat(row.cell("failed")).as(row.where()).isEqualTo(s.path("failed").asString()
                    + (s.path("failed").asLong() == 0 ? "" : " (" + causes + ")"));
            assertThat(row.cell("lost writes")).as(row.where()).isEqualTo(s.path("lostWrites").asString());
            assertThat(row.cell("p99 first / last minute ms")).as(row.where())
                    .isEqualTo(whole(minutes.getFirst().path("p99Ms")) + " / " + whole(minutes.getLast().path("p99Ms")));
            assertThat(row.cell("live heap before / after MB")).as(row.where())
                    .isEqualTo(mb(before) + " / " + mb(after));
            assertThat(row.cell("connections before / after")).as(row.where())
                    .isEqualTo(before.path("openConnections").asString() + " / " + after.path("openConnections").asString());
            assertThat(row.cell("threads before / after")).as(row.where())
                    .isEqualTo(before.path("platformThreads").asString() + " / " + after.path("platformThreads").asString());
            assertThat(row.cell("drained s")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.1f", s.path("drainMs").asDouble() / 1000));
            double slowestLab = s.path("seconds").values().stream().filter(second -> second.path("labReadMs").isNumber())
                    .mapToDouble(second -> second.path("labReadMs").asDouble()).max().orElseThrow();
            assertThat(row.cell("lab slowest ms")).as(row.where()).isEqualTo(String.format(Locale.ROOT, "%.0f", slowestLab));
        }
        assertThat(rows).as("soaks and overloads in %s", PAGE).hasSizeGreaterThanOrEqualTo(4);
    }

    @Test
    void the_quiet_server_runs_match_their_files() throws Exception {
        JsonNode matrix = ResultsJson.read(CommandChecks.root().resolve(
                "docs/results/quiet-server/matrix-pool-2/results.json"));
        List<JsonNode> runs = matrix.path("runs").values().stream().toList();
        assertThat(runs).hasSize(4).allMatch(run -> run.path("status").asString().equals("OK")
                && run.path("summary").path("succeeded").asInt() == 40);
        JsonNode run = ResultsJson.read(CommandChecks.root().resolve(
                "docs/results/quiet-server/run-jdbc-pool-10.json"));
        String page = PageText.of(PAGE);
        assertThat(page).contains(String.format(Locale.ROOT, "warmed up with %d requests in %d rounds in %.1f s",
                run.path("warmupRequests").asInt(), run.path("warmupP99Ms").size(),
                run.path("warmupMs").asDouble() / 1000), "then waited " + whole(run.path("quietWaitMs"))
                + " ms for a quiet server", run.path("succeeded").asString() + " of 2000 succeeded");
    }

    private static String mb(JsonNode load) {
        return String.format(Locale.ROOT, "%.0f", load.path("heapUsedBytes").asDouble() / (1 << 20));
    }
}
