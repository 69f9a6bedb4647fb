package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.stored.StoredFiles;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.vtlab.loadgen.docs.Printed.whole;
import static dev.vtlab.loadgen.docs.Printed.twoDecimals;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The instrument and burst figures of docs/benchmarks.md, of their evidence READMEs beside the data and of their
 * claims in docs/claims.md are their results files' own: the load generator against hey, warm runs, the quick
 * profile's repeated matrices, the HTTP adapter's 10,000 burst and the server without its bound. Every row whose
 * first cell links a file under docs/results is recomputed from that file, cell by cell, and the sentences and
 * claims that sum a table up are rebuilt from the same files. A re-measured folder or a mistyped number fails the
 * build, naming the row or the claim.
 */
class BenchmarkTablesTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/benchmarks.md");
    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");

    @Test
    void every_round_against_hey_matches_its_files() throws Exception {
        Path readme = RESULTS.resolve("loadgen-vs-hey/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(readme, "\\]\\((\\d+/round-\\d+-vtlab\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            Round round = Round.of(row.linked());
            assertThat(row.cells().getFirst()).as(row.where())
                    .startsWith(String.format(Locale.ROOT, "[%,d, round %d]", round.requests(), round.number()));
            assertThat(row.cell("vtlab p99 ms")).as(row.where()).isEqualTo(whole(round.vtlabP99Ms()));
            assertThat(row.cell("hey p99 ms")).as(row.where()).isEqualTo(whole(round.hey().p99Ms()));
            assertThat(row.cell("p99 ratio")).as(row.where()).isEqualTo(twoDecimals(round.p99Ratio()));
            assertThat(row.cell("vtlab CPU ms")).as(row.where()).isEqualTo(whole(round.vtlabCpuMs()));
            assertThat(row.cell("hey CPU ms")).as(row.where()).isEqualTo(whole(round.heyCpuMs()));
            assertThat(row.cell("CPU ratio")).as(row.where()).isEqualTo(twoDecimals(round.cpuRatio()));
            assertThat(row.cell("failed (vtlab / hey)")).as(row.where())
                    .isEqualTo(round.vtlabFailed() + " / " + (round.requests() - round.hey().ok()));
        }
        assertThat(rows).as("rounds against hey in %s", readme).hasSizeGreaterThanOrEqualTo(10);
        StringBuilder summary = new StringBuilder();
        List<String> claim = new ArrayList<>();
        for (int requests : new int[] {2000, 10000}) {
            List<Round> rounds = rounds(requests);
            String p99 = NumberRange.of(rounds.stream().map(Round::p99Ratio).toList(), "%.2f");
            String cpu = NumberRange.of(rounds.stream().map(Round::cpuRatio).toList(), "%.2f");
            summary.append(String.format(Locale.ROOT, "At %,d requests the p99 ratio was %s and the CPU ratio %s. ",
                    requests, p99, cpu));
            claim.add(String.format(Locale.ROOT, "%,d%s %s and %s times", requests,
                    requests == 2000 ? " requests" : "", p99, cpu));
            assertThat(rounds).as("rounds of %d against hey", requests)
                    .allMatch(r -> r.vtlabFailed() == 0 && r.hey().ok() == r.requests());
        }
        assertThat(PageText.of(readme)).contains(summary.toString().strip());
        assertThat(Claims.statement("bench-hey")).contains("at " + String.join(", at ", claim) + ", no request failing");

        // The page's table: per burst size, the median and range of the rounds' ratios.
        List<MarkdownTables.Row> sizes = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/loadgen-vs-hey/\\d+)/\\)");
        for (MarkdownTables.Row row : sizes) {
            List<Round> rounds = rounds(Integer.parseInt(row.linked().getFileName().toString()));
            assertThat(row.cells().getFirst()).as(row.where())
                    .startsWith(String.format(Locale.ROOT, "[%,d]", rounds.getFirst().requests()));
            assertThat(row.cell("rounds")).as(row.where()).isEqualTo(String.valueOf(rounds.size()));
            assertThat(row.cell("p99 vtlab / hey, median (range)")).as(row.where())
                    .isEqualTo(medianAndRange(rounds.stream().map(Round::p99Ratio).toList()));
            assertThat(row.cell("CPU vtlab / hey, median (range)")).as(row.where())
                    .isEqualTo(medianAndRange(rounds.stream().map(Round::cpuRatio).toList()));
            assertThat(row.cell("failed (vtlab / hey)")).as(row.where()).isEqualTo(
                    rounds.stream().mapToLong(Round::vtlabFailed).sum() + " / "
                            + rounds.stream().mapToLong(r -> r.requests() - r.hey().ok()).sum());
        }
        assertThat(sizes).as("burst sizes against hey in %s", PAGE).hasSize(2);
    }

    /** {@code 0.98 (0.94 to 0.98)}: the median of the values and their range, two decimals. */
    private static String medianAndRange(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        String range = NumberRange.of(values, "%.2f");
        return twoDecimals(median) + " (" + (range.contains(" to ") ? range : range + " to " + range) + ")";
    }

    @Test
    void every_warm_run_series_matches_its_runs() throws Exception {
        Path readme = RESULTS.resolve("warm-runs/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, readme),
                "\\]\\(((?:results/warm-runs/)?[a-z-]+)/\\)");
        Map<String, String> firstRunRatios = new HashMap<>();
        for (MarkdownTables.Row row : rows) {
            List<JsonNode> runs = new ArrayList<>();
            for (int n = 1; StoredFiles.exists(row.linked().resolve("run-" + n + ".json")); n++) {
                runs.add(ResultsJson.read(row.linked().resolve("run-" + n + ".json")));
            }
            assertThat(runs).as(row.where()).hasSize(5);
            List<String> p99s = new ArrayList<>();
            List<String> warmUpRounds = new ArrayList<>();
            for (JsonNode run : runs) {
                assertThat(run.path("failed").asLong()).as(row.where()).isZero();
                p99s.add(whole(p99(run)));
                warmUpRounds.add(String.valueOf(run.path("warmupP99Ms").size()));
            }
            double[] later = runs.subList(1, 5).stream().mapToDouble(BenchmarkTablesTest::p99).sorted().toArray();
            double median = (later[1] + later[2]) / 2;
            assertThat(row.cell("p99 ms, runs 1 to 5")).as(row.where()).isEqualTo(String.join(", ", p99s));
            assertThat(row.cell("median of runs 2 to 5")).as(row.where()).isEqualTo(whole(median));
            String firstRunRatio = twoDecimals(p99(runs.getFirst()) / median);
            firstRunRatios.put(row.linked().getFileName().toString(), firstRunRatio);
            assertThat(row.cell("run 1 / that median")).as(row.where()).isEqualTo("**" + firstRunRatio + "**");
            assertThat(row.cell("warm-up rounds, runs 1 to 5")).as(row.where())
                    .isEqualTo(String.join(", ", warmUpRounds));
        }
        assertThat(rows).as("warm-run series in %s and %s", PAGE, readme).hasSize(8);
        assertThat(Claims.statement("bench-warm-default")).contains(firstRunRatios.get("default")
                + " times the median of runs 2 to 5, against " + firstRunRatios.get("cold") + " cold and "
                + firstRunRatios.get("one-round") + " after one round");
        String rule = firstRunRatios.get("still-falling-rule");
        assertThat(Double.parseDouble(rule)).as("the still-falling rule's run 1 / median").isGreaterThan(1.10);
        assertThat(Claims.statement("bench-warm-still-falling")).contains("within 1.10");
        assertThat(Claims.of("bench-warm-still-falling").verdict()).isEqualTo("**Does not hold** (" + rule + ")");
        // The decision for the default warm-up quotes the three ratios.
        assertThat(PageText.of(CommandChecks.root().resolve("docs/decisions.md")))
                .contains("had a p99 of " + firstRunRatios.get("cold") + " times the median of the four runs after it "
                        + "cold, " + firstRunRatios.get("one-round") + " times with one warm-up round of 2000 requests "
                        + "and " + firstRunRatios.get("default") + " times with the default below");
    }

    @Test
    void every_quick_profile_run_matches_its_results() throws Exception {
        JsonNode seed = ResultsJson.read(CommandChecks.root().resolve("docs/results/seed-2cores/results.json"));
        Path readme = RESULTS.resolve("quick-profile/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, readme),
                "\\]\\(((?:results/quick-profile/)?run-\\d+/results\\.json)\\)");
        List<Double> tOnSyncMedians = new ArrayList<>();
        List<Double> everyNoEffect = new ArrayList<>();
        for (MarkdownTables.Row row : rows) {
            JsonNode results = ResultsJson.read(row.linked());
            assertThat(row.cell("matrix time")).as(row.where()).isEqualTo(minutesAndSeconds(matrixTime(results)));
            assertThat(row.cell("verdicts")).as(row.where()).isEqualTo(
                    verdicts(results).equals(verdicts(seed)) ? "same as seed" : String.join("; ", verdicts(results)));
            JsonNode tOnSync = ResultsJson.effect(results, "sync", "T");
            assertThat(row.cell("T on sync: p99 x (range)")).as(row.where()).isEqualTo(String.format(Locale.ROOT,
                    "x%.3f (%.3f-%.3f)", tOnSync.path("medianP99Ratio").asDouble(),
                    tOnSync.path("p99RatioLow").asDouble(), tOnSync.path("p99RatioHigh").asDouble()));
            List<Double> noEffect = new ArrayList<>();
            for (JsonNode effect : results.path("findings").path("flagEffects")) {
                if (effect.path("verdict").asString().equals("NO_EFFECT")) {
                    noEffect.add(effect.path("medianP99Ratio").asDouble());
                }
            }
            assertThat(row.cell("every \"no effect\": median p99 x, lowest to highest")).as(row.where())
                    .isEqualTo(NumberRange.of(noEffect, "x%.2f"));
            assertThat(verdicts(results)).as(row.where()).isEqualTo(verdicts(seed));
            tOnSyncMedians.add(tOnSync.path("medianP99Ratio").asDouble());
            everyNoEffect.addAll(noEffect);
        }
        assertThat(rows).as("quick-profile runs in %s and %s", PAGE, readme).hasSizeGreaterThanOrEqualTo(6);
        List<Duration> matrixTimes = new ArrayList<>();
        for (int n = 1; StoredFiles.exists(RESULTS.resolve("quick-profile/run-" + n + "/results.json")); n++) {
            matrixTimes.add(matrixTime(ResultsJson.read(RESULTS.resolve("quick-profile/run-" + n + "/results.json"))));
        }
        String took = minutesAndSeconds(matrixTimes.stream().min(Duration::compareTo).orElseThrow()) + " to "
                + minutesAndSeconds(matrixTimes.stream().max(Duration::compareTo).orElseThrow());
        assertThat(PageText.of(PAGE)).contains("The matrix took " + took + ";");
        assertThat(Claims.statement("bench-quick-profile")).contains("in each of " + matrixTimes.size() + " runs",
                "T on sync's p99 " + NumberRange.of(tOnSyncMedians, "x%.3f") + " of T off's",
                "every \"no effect\" " + NumberRange.of(everyNoEffect, "x%.2f"), "the matrix taking " + took);
    }

    @Test
    void every_http_adapter_burst_matches_its_run() throws Exception {
        Path readme = RESULTS.resolve("http-adapter-10k/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, readme),
                "\\]\\(((?:results/http-adapter-10k/)?[0-9a-z]+/burst\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode run = ResultsJson.read(row.linked());
            assertThat(row.cells().getFirst()).as(row.where())
                    .startsWith("[`-Xmx" + row.linked().getParent().getFileName() + "`]");
            burstCells(row, run);
            assertThat(row.cell("max-connections")).as(row.where())
                    .isEqualTo(StartupLine.maxConnections(row.linked().resolveSibling("server.log")));
            JsonNode jvm = run.path("serverJvm");
            assertThat(row.cell("platform threads peak")).as(row.where())
                    .isEqualTo(jvm.isMissingNode() || jvm.isNull() ? "-" : jvm.path("platformThreadsPeak").asString());
            assertThat(row.cell("saved at the store")).as(row.where()).isEqualTo(ResultsJson.read(
                    row.linked().resolveSibling("stats.json")).path("saved").asString());
        }
        assertThat(rows).as("HTTP adapter bursts in %s and %s", PAGE, readme).hasSize(4);

        List<MarkdownTables.Row> store = MarkdownTables.rowsLinking(readme, "\\]\\((store-alone/hey\\.txt)\\)");
        assertThat(store).as("the store-alone row in %s", readme).hasSize(1);
        MarkdownTables.Row row = store.getFirst();
        HeyReport saves = HeyReport.read(row.linked());
        assertThat(row.cell("answered 201")).as(row.where()).isEqualTo(String.valueOf(saves.ok()));
        assertThat(row.cell("p99 ms")).as(row.where()).isEqualTo(whole(saves.p99Ms()));
        assertThat(row.cell("saved at the store")).as(row.where()).isEqualTo(ResultsJson.read(
                row.linked().resolveSibling("stats.json")).path("saved").asString());
        Matcher hwm = Pattern.compile("(?m)^VmHWM:\\s+(\\d+) kB$")
                .matcher(StoredFiles.readString(row.linked().resolveSibling("store-status.txt")));
        assertThat(hwm.find()).as(row.where()).isTrue();
        assertThat(row.cell("resident peak MB")).as(row.where())
                .isEqualTo(whole(Long.parseLong(hwm.group(1)) / 1024.0));

        JsonNode http512m = ResultsJson.read(RESULTS.resolve("http-adapter-10k/512m/burst.json"));
        JsonNode http2g = ResultsJson.read(RESULTS.resolve("http-adapter-10k/2g/burst.json"));
        assertThat(List.of(http512m, http2g)).as("every request of both bursts succeeded, no write lost")
                .allMatch(run -> run.path("failed").asLong() == 0 && run.path("lostWrites").asLong() == 0);
        String sameP99 = String.format(Locale.ROOT, "about the same p99 (%s and %s ms)", whole(p99(http512m)),
                whole(p99(http2g)));
        assertThat(PageText.of(PAGE)).contains(sameP99);
        assertThat(Claims.statement("bench-http-adapter-10k")).contains(sameP99, String.format(Locale.ROOT,
                "the store alone takes %d saves at once (p99 %s ms)", saves.ok(), whole(saves.p99Ms())));
    }

    @Test
    void both_servers_of_the_bound_comparison_match_their_runs_and_logs() throws Exception {
        Path readme = RESULTS.resolve("without-the-bound/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, readme),
                "\\]\\(((?:results/without-the-bound/)?[0-9a-z-]+/burst-\\d+\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode run = ResultsJson.read(row.linked());
            assertThat(row.cell("burst")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%,d", run.path("requests").asInt()));
            burstCells(row, run);
            Path serverLog = row.linked().resolveSibling(
                    row.linked().getFileName().toString().replace("burst-", "server-").replace(".json", ".log"));
            String log = StoredFiles.readString(serverLog);
            Matcher exit = Pattern.compile("server exit code: (\\d+)").matcher(log);
            assertThat(exit.find()).as(row.where()).isTrue();
            String expected = log.contains("java.lang.OutOfMemoryError")
                    ? "ran out of heap and exited (code " + exit.group(1) + ")"
                    : "answered to the end, stopped by the script (code " + exit.group(1) + ")";
            assertThat(row.cells().getFirst()).as(row.where()).startsWith("[" + expected + "]");
            assertThat(row.cell("max-connections")).as(row.where()).isEqualTo(StartupLine.maxConnections(serverLog));
        }
        assertThat(rows).as("the bound comparison in %s and %s", PAGE, readme).hasSize(8);
    }

    /** The claims of the bound: how many connections it holds, and what it costs and prevents at each burst. */
    @Test
    void the_bounds_claims_quote_their_files() throws Exception {
        String bound = StartupLine.maxConnections(RESULTS.resolve("without-the-bound/bound/server-10000.log"));
        String http = StartupLine.maxConnections(RESULTS.resolve("http-adapter-10k/512m/server.log"));
        assertThat(Claims.statement("bench-bound-connections"))
                .contains(bound + " connections at `-Xmx512m`, " + http + " with the HTTP adapter");
        assertThat(StoredFiles.readString(PAGE)).contains("= " + bound + " at -Xmx512m", "with the HTTP adapter: " + http + ")");

        JsonNode bounded10k = ResultsJson.read(RESULTS.resolve("without-the-bound/bound/burst-10000.json"));
        JsonNode unbounded10k = ResultsJson.read(RESULTS.resolve("without-the-bound/max-connections-16384/burst-10000.json"));
        assertThat(p99(bounded10k)).isGreaterThan(p99(unbounded10k));
        assertThat(Claims.statement("bench-bound-10000")).contains(String.format(Locale.ROOT,
                "p99 %s ms with it, %s ms without", whole(p99(bounded10k)), whole(p99(unbounded10k))));

        JsonNode bounded20k = ResultsJson.read(RESULTS.resolve("without-the-bound/bound/burst-20000.json"));
        JsonNode unbounded20k = ResultsJson.read(RESULTS.resolve("without-the-bound/max-connections-16384/burst-20000.json"));
        assertThat(StoredFiles.readString(RESULTS.resolve("without-the-bound/max-connections-16384/server-20000.log")))
                .contains("java.lang.OutOfMemoryError");
        assertThat(unbounded20k.path("succeeded").asLong()).as("requests the unbounded server answered").isZero();
        assertThat(Claims.statement("bench-bound-20000")).contains(String.format(Locale.ROOT,
                "with the bound it answers %,d of %,d", bounded20k.path("succeeded").asLong(),
                bounded20k.path("requests").asLong()), "out of heap, every request failing");
        assertThat(PageText.of(readme("without-the-bound"))).contains(String.format(Locale.ROOT,
                "The bounded server's other %,d gave up connecting", bounded20k.path("failed").asLong()));

        JsonNode http512m = ResultsJson.read(RESULTS.resolve("http-adapter-10k/512m/burst.json"));
        JsonNode http2g = ResultsJson.read(RESULTS.resolve("http-adapter-10k/2g/burst.json"));
        assertThat(PageText.of(readme("http-adapter-10k"))).contains(String.format(Locale.ROOT,
                        "%d rounds at 512 MB, %d at 2 GB", http512m.path("warmupP99Ms").size(),
                        http2g.path("warmupP99Ms").size()))
                .contains(String.format(Locale.ROOT, "start-up line: %s at 512 MB, and the cap of %s at 2 GB", http,
                        StartupLine.maxConnections(RESULTS.resolve("http-adapter-10k/2g/server.log"))));
    }

    private static Path readme(String folder) {
        return RESULTS.resolve(folder).resolve("README.md");
    }

    private static double p99(JsonNode burst) {
        return burst.path("latency").path("p99Ms").asDouble();
    }

    /** How long a matrix ran, from its results' start and finish. */
    private static Duration matrixTime(JsonNode results) {
        return Duration.between(Instant.parse(results.path("started").asString()),
                Instant.parse(results.path("finished").asString()));
    }

    private static String minutesAndSeconds(Duration took) {
        return took.toMinutes() + " min " + took.toSecondsPart() + " s";
    }

    /** The cells every burst row shares, from the load generator's summary. */
    private static void burstCells(MarkdownTables.Row row, JsonNode run) {
        assertThat(row.cell("succeeded")).as(row.where()).isEqualTo(run.path("succeeded").asString());
        assertThat(row.cell("failed")).as(row.where()).isEqualTo(ResultsTablesTest.causes(run));
        assertThat(row.cell("p99 ms")).as(row.where()).isEqualTo(run.path("latency").path("count").asLong() == 0
                ? "-" : whole(p99(run)));
    }

    private record Round(int requests, int number, double vtlabP99Ms, double vtlabCpuMs, long vtlabFailed,
                         HeyReport hey, double heyCpuMs) {

        static Round of(Path vtlabJson) throws IOException {
            JsonNode run = ResultsJson.read(vtlabJson);
            Matcher name = Pattern.compile("round-(\\d+)-vtlab\\.json").matcher(vtlabJson.getFileName().toString());
            assertThat(name.matches()).isTrue();
            return new Round(run.path("requests").asInt(), Integer.parseInt(name.group(1)),
                    p99(run), run.path("clientCpuMs").asDouble(),
                    run.path("failed").asLong(),
                    HeyReport.read(vtlabJson.resolveSibling("round-" + name.group(1) + "-hey.txt")),
                    HeyReport.cpuMs(vtlabJson.resolveSibling("round-" + name.group(1) + "-hey-cpu.txt")));
        }

        double p99Ratio() {
            return vtlabP99Ms / hey.p99Ms();
        }

        double cpuRatio() {
            return vtlabCpuMs / heyCpuMs;
        }
    }

    private static List<Round> rounds(int requests) throws IOException {
        List<Round> rounds = new ArrayList<>();
        Path folder = CommandChecks.root().resolve("docs/results/loadgen-vs-hey/" + requests);
        for (int n = 1; StoredFiles.exists(folder.resolve("round-" + n + "-vtlab.json")); n++) {
            rounds.add(Round.of(folder.resolve("round-" + n + "-vtlab.json")));
        }
        assertThat(rounds).as("rounds in %s", folder).isNotEmpty();
        return rounds;
    }

    private static List<String> verdicts(JsonNode results) {
        List<String> verdicts = new ArrayList<>();
        for (JsonNode effect : results.path("findings").path("flagEffects")) {
            verdicts.add(effect.path("mode").asString() + " " + effect.path("flag").asString() + " "
                    + effect.path("verdict").asString());
        }
        return verdicts;
    }
}
