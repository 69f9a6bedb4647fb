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
 * The rate-run and quiet-server figures of docs/benchmarks.md, of their evidence READMEs and of their claims are
 * their results files' own: every row whose first cell links a file under docs/results/soak or
 * docs/results/quiet-server is recomputed from it, cell by cell, and each claim from the same files.
 */
class RateTablesTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/benchmarks.md");
    private static final Path SOAK = CommandChecks.root().resolve("docs/results/soak");
    private static final Path QUIET = CommandChecks.root().resolve("docs/results/quiet-server");
    /** A rate holds when p99 is at most 1.5 x the 2 s floor, nothing fails and 99% of the offered completes. */
    private static final double HOLD_P99_MS = 3000;

    @Test
    void every_capacity_step_matches_its_run() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(SOAK.resolve("README.md"), "\\]\\((capacity-\\d+\\.json)\\)");
        JsonNode highestHeld = null;
        JsonNode lowestNotHeld = null;
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
            if (held && (highestHeld == null || offered > highestHeld.path("offeredRate").asDouble())) {
                highestHeld = s;
            }
            if (!held && (lowestNotHeld == null || offered < lowestNotHeld.path("offeredRate").asDouble())) {
                lowestNotHeld = s;
            }
        }
        assertThat(rows).as("capacity steps in %s", SOAK).hasSizeGreaterThanOrEqualTo(5);
        assertThat(highestHeld.path("offeredRate").asDouble()).isLessThan(lowestNotHeld.path("offeredRate").asDouble());
        int littlesLaw = Integer.parseInt(StartupLine.maxConnections(SOAK.resolve("server-capacity-1500.log"))) / 2;
        assertThat(Claims.statement("bench-capacity-t-on")).contains(String.format(Locale.ROOT,
                "holds %,.0f req/s (p99 %s ms) and not %,.0f (p99 %s ms), just under Little's law's %,d",
                highestHeld.path("offeredRate").asDouble(), whole(highestHeld.path("latency").path("p99Ms")),
                lowestNotHeld.path("offeredRate").asDouble(), whole(lowestNotHeld.path("latency").path("p99Ms")),
                littlesLaw));
    }

    @Test
    void every_soak_matches_its_run_and_the_rest_values_around_it() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, SOAK.resolve("README.md")),
                "\\]\\(((?:results/soak/)?(?:soak|overload)-[a-z]+\\.json)\\)");
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
        assertThat(rows).as("soaks and overloads in %s and its evidence", PAGE).hasSizeGreaterThanOrEqualTo(8);
    }

    /** The claims of the soaks and overloads, from the same runs and rest values. */
    @Test
    void the_soak_claims_quote_their_runs() throws Exception {
        JsonNode sleepy = ResultsJson.read(SOAK.resolve("soak-sleepy.json"));
        JsonNode jdbc = ResultsJson.read(SOAK.resolve("soak-jdbc.json"));
        for (JsonNode soak : List.of(sleepy, jdbc)) {
            assertThat(soak.path("failed").asLong() + soak.path("lostWrites").asLong()).isZero();
        }
        assertThat(Claims.statement("bench-soak-80")).contains(String.format(Locale.ROOT, "(%,.0f req/s; %.0f for JDBC)",
                sleepy.path("offeredRate").asDouble(), jdbc.path("offeredRate").asDouble()), "(" + heap("soak-sleepy")
                + "; " + heap("soak-jdbc") + ")");
        for (String soak : List.of("soak-sleepy", "soak-jdbc")) {
            assertThat(heapMb(soak, "after")).as(soak).isLessThanOrEqualTo(heapMb(soak, "before"));
        }

        JsonNode overload = ResultsJson.read(SOAK.resolve("overload-sleepy.json"));
        assertThat(Claims.statement("bench-overload-heap")).contains(String.format(Locale.ROOT,
                "(%,.0f req/s)", overload.path("offeredRate").asDouble()), "(" + mb(rest("overload-sleepy", "before"))
                + " MB live before, " + mb(rest("overload-sleepy", "after")) + " after)");
        double slowestLab = overload.path("seconds").values().stream().filter(s -> s.path("labReadMs").isNumber())
                .mapToDouble(s -> s.path("labReadMs").asDouble()).max().orElseThrow();
        assertThat(slowestLab).isGreaterThan(1000);
        assertThat(Claims.of("bench-overload-lab").verdict()).isEqualTo("**Does not hold** ("
                + String.format(Locale.ROOT, "%.0f", slowestLab) + " ms)");

        JsonNode overloadJdbc = ResultsJson.read(SOAK.resolve("overload-jdbc.json"));
        assertThat(Claims.statement("bench-overload-jdbc")).contains(String.format(Locale.ROOT,
                "(%.0f req/s) %d of %d requests time out at the client, only %.1f req/s completing in time",
                overloadJdbc.path("offeredRate").asDouble(), overloadJdbc.path("failuresByCause").path("request timeout")
                        .asLong(), overloadJdbc.path("requests").asLong(), overloadJdbc.path("completionRate").asDouble()));
    }

    private static JsonNode rest(String run, String when) throws IOException {
        return ResultsJson.read(SOAK.resolve("rest-" + run + "-" + when + ".json"));
    }

    private static double heapMb(String run, String when) throws IOException {
        return Double.parseDouble(mb(rest(run, when)));
    }

    /** {@code 27 to 25 MB}: the live heap before and after a run. */
    private static String heap(String run) throws IOException {
        return mb(rest(run, "before")) + " to " + mb(rest(run, "after")) + " MB";
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
        for (Path page : List.of(PAGE, QUIET.resolve("README.md"))) {
            assertThat(PageText.of(page)).as(page.toString()).contains(String.format(Locale.ROOT,
                    "warmed up with %d requests in %d rounds in %.1f s", run.path("warmupRequests").asInt(),
                    run.path("warmupP99Ms").size(), run.path("warmupMs").asDouble() / 1000), "then waited "
                    + whole(run.path("quietWaitMs")) + " ms for a quiet server");
        }
        assertThat(PageText.of(PAGE)).contains(run.path("succeeded").asString() + " of 2000 succeeded");
        assertThat(Claims.statement("bench-quiet-jdbc-warmup")).contains(String.format(Locale.ROOT,
                "%d requests in %d rounds in %.1f s, a quiet server %s ms later, then %s of 2000 succeeded",
                run.path("warmupRequests").asInt(), run.path("warmupP99Ms").size(), run.path("warmupMs").asDouble() / 1000,
                whole(run.path("quietWaitMs")), run.path("succeeded").asString()));

        List<Double> p99s = runs.stream().map(r -> r.path("summary").path("latency").path("p99Ms").asDouble() / 1000)
                .toList();
        String range = NumberRange.of(p99s, "%.1f");
        assertThat(Claims.statement("bench-quiet-pool-2")).contains("all 40 requests in each of " + runs.size()
                + " runs, p99 " + range + " s");
        assertThat(PageText.of(PAGE)).contains("each of the " + runs.size() + " runs served all 40, p99 " + range + " s");

        // The evidence's rows: each run of the matrix, and the run at a pool of 10.
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(QUIET.resolve("README.md"),
                "\\]\\((matrix-pool-2/results\\.json|run-jdbc-pool-10\\.json)\\)");
        int matrixRow = 0;
        for (MarkdownTables.Row row : rows) {
            JsonNode summary = row.linked().getFileName().toString().equals("results.json")
                    ? runs.get(matrixRow++).path("summary") : run;
            assertThat(row.cell("succeeded")).as(row.where()).isEqualTo(summary.path("succeeded").asString());
            assertThat(row.cell("failed")).as(row.where()).isEqualTo(ResultsTablesTest.causes(summary));
            assertThat(row.cell("p99 ms")).as(row.where()).isEqualTo(whole(summary.path("latency").path("p99Ms")));
        }
        assertThat(rows).as("runs in the quiet server's evidence").hasSize(5);
    }

    private static String mb(JsonNode load) {
        return String.format(Locale.ROOT, "%.0f", load.path("heapUsedBytes").asDouble() / (1 << 20));
    }
}
