package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.report.CapacityReport;
import dev.vtlab.loadgen.stored.StoredFiles;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fan-out's claims are its recorded bursts (docs/results/fanout, bursts.sh): each round's p99 and counts from the
 * load generator's summary, each late branch's aftermath from the lab's {@code /lab/fanout}, read again and written
 * as the claims write them.
 */
class FanOutClaimsTest {

    private static final Path FANOUT = CommandChecks.root().resolve("docs/results/fanout");
    private static final Path MATRIX = CommandChecks.root().resolve("docs/results/matrix-fanout");
    private static final Path BULKHEAD = CommandChecks.root().resolve("docs/results/fanout-bulkhead");
    private static final Pattern P99 = Pattern.compile("(?m)^latency ms .*? p99 (\\S+)");
    private static final Pattern SUCCEEDED = Pattern.compile("(?m)^succeeded +(\\d+)");
    private static final Pattern FAILED_504 = Pattern.compile("(?m)^failed +(\\d+) \\{HTTP 504=(\\d+)}");

    @Test
    void two_thousand_cards_at_once_are_the_rounds_p99s() throws IOException {
        P99s sequential = P99s.of("jdk25", "sequential");
        P99s futures = P99s.of("jdk25", "futures-W-on");
        P99s structured = P99s.of("jdk25", "structured");
        assertThat(Claims.statement("fanout-sequential-2000")).contains(
                "p99 median " + sequential.median() + " ms (" + sequential.range() + ")",
                sequential.ratio(3000) + "x the sum of the branches (3 s)");
        assertThat(Claims.statement("fanout-concurrent-2000")).contains(
                "`futures` with W on p99 median " + futures.median() + " ms (" + futures.range() + ")",
                "`structured` " + structured.median() + " ms (" + structured.range() + ")",
                futures.ratio(1000) + "x and " + structured.ratio(1000) + "x the slowest branch (1 s)",
                "no wait at all: p99 median " + P99s.of("jdk25-no-wait", "futures-W-on").median() + " ms with "
                        + "`futures`, " + P99s.of("jdk25-no-wait", "structured").median() + " ms with `structured`, "
                        + P99s.of("jdk25-no-wait", "sequential").median() + " ms with `sequential`");
        assertThat(Claims.of("fanout-concurrent-2000").verdict()).contains(futures.ratio(1000) + "x");
    }

    @Test
    void futures_without_w_are_the_rounds_counts() throws IOException {
        List<Integer> answered = new ArrayList<>();
        List<Integer> late = new ArrayList<>();
        for (String round : rounds("jdk25", "futures-W-off")) {
            answered.add(Integer.parseInt(field(round, SUCCEEDED)));
            Matcher failed = FAILED_504.matcher(round);
            assertThat(failed.find()).as(round).isTrue();
            assertThat(failed.group(1)).isEqualTo(failed.group(2));
            late.add(Integer.parseInt(failed.group(2)));
            assertThat(round).contains("wrapper           platform ForkJoinPool.commonPool-worker- x6000");
        }
        assertThat(Claims.statement("fanout-w-off-jdk25")).contains(
                counts(answered) + " of 2,000 cards answered", counts(late) + " a 504 naming the late branch");
    }

    @Test
    void a_late_branchs_aftermath_is_the_labs_count() throws IOException {
        String statement = Claims.statement("fanout-late-branch");
        for (String way : List.of("structured", "sequential", "futures-W-on", "futures-W-off")) {
            JsonNode lab = Json.readTree(FANOUT.resolve("jdk25/" + way + "-late.json"));
            assertThat(lab.path("answered").asInt()).as(way).isEqualTo(200);
            assertThat(lab.path("failed").asInt()).as(way + ": every card a 504").isEqualTo(200);
            assertThat(lab.path("readsStartedAfterTheAnswer").asInt()).as(way).isZero();
            assertThat(statement).contains(label(way) + " " + lab.path("branchesRunningAtTheAnswer").asInt());
        }
    }

    @Test
    void jdk_21_is_its_rounds_and_its_refusal() throws IOException {
        String statement = Claims.statement("fanout-jdk21");
        P99s sequential = P99s.of("jdk21", "sequential");
        P99s futures = P99s.of("jdk21", "futures-W-on");
        assertThat(statement).contains("`sequential` p99 median " + sequential.median() + " ms ("
                        + sequential.ratio(3000) + "x the sum)",
                "`futures` with W on " + futures.median() + " ms (" + futures.ratio(1000) + "x the slowest branch)");
        List<Integer> answered = new ArrayList<>();
        for (String round : rounds("jdk21", "futures-W-off")) {
            answered.add(Integer.parseInt(field(round, SUCCEEDED)));
        }
        assertThat(statement).contains("W off " + counts(answered) + " of 2,000 answered");
        String refused = StoredFiles.readString(FANOUT.resolve("jdk21/structured-refused.txt"));
        assertThat(refused).contains("vtlab.fan-out", "JDK 21");
        assertThat(statement).contains("`structured` refused at start-up naming `vtlab.fan-out`");
    }

    /** The evidence README's table of rounds: each row's p99s, median and ratio are its files'. */
    @Test
    void the_evidence_readmes_rounds_are_their_files() throws IOException {
        Path readme = FANOUT.resolve("README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(readme, "\\]\\((jdk[^/)]*/[a-zA-Z-]+)-1\\.txt\\)");
        assertThat(rows).as("rounds rows in %s", readme).hasSizeGreaterThanOrEqualTo(8);
        for (MarkdownTables.Row row : rows) {
            Path first = row.linked();
            String jdk = first.getParent().getFileName().toString();
            String way = first.getFileName().toString();
            P99s p99s = P99s.of(jdk, way);
            for (int n = 1; n <= 3; n++) {
                assertThat(row.cell("round " + n)).as(row.where())
                        .isEqualTo(String.format(Locale.ROOT, "%,.0f", p99s.values().get(n - 1)));
            }
            assertThat(row.cell("median")).as(row.where()).isEqualTo(p99s.median());
            double floor = Double.parseDouble(row.cell("floor").replace(",", ""));
            assertThat(row.cell("median / floor")).as(row.where())
                    .isEqualTo(floor == 0 ? "-" : p99s.ratio(floor));
        }
        int heldRows = 0;
        for (String line : StoredFiles.readAllLines(readme)) {
            Matcher late = Pattern.compile("\\[(\\d+)]\\((jdk\\d+/[a-zA-Z-]+-late\\.json)\\)").matcher(line);
            while (late.find()) {
                assertThat(Json.readTree(FANOUT.resolve(late.group(2))).path("branchesRunningAtTheAnswer").asInt())
                        .as(line).isEqualTo(Integer.parseInt(late.group(1)));
            }
            Matcher heap = Pattern.compile("\\[(\\d+) KB]\\(\\.\\./held-request/([a-z0-9-]+)/held\\.txt\\.gz\\)")
                    .matcher(line);
            while (heap.find()) {
                assertThat(heap.group(1)).as(line).isEqualTo(String.format(Locale.ROOT, "%.0f",
                        heldKb(FANOUT.resolveSibling("held-request").resolve(heap.group(2)))));
                heldRows++;
            }
        }
        assertThat(heldRows).as("held cards and requests in %s", readme).isEqualTo(4);
    }

    /** The pool-bound ceiling of {@code /fanout}, T on, over the three capacity runs: measured / Little's law. */
    @Test
    void the_pool_bound_ceiling_is_the_capacity_runs() throws IOException {
        List<Double> ratios = new ArrayList<>();
        List<Double> sustained = new ArrayList<>();
        String predicted = null;
        String binding = null;
        for (int n = 1; n <= 3; n++) {
            CapacityRun on = CapacityReport.Results.read(CommandChecks.root()
                            .resolve("docs/results/capacity-fanout/run-" + n + "/results.json")).runs().stream()
                    .filter(run -> run.mode().equals("fanout") && run.flags().startsWith("T1")).findFirst()
                    .orElseThrow();
            assertThat(on.predicted().resource().label()).isEqualTo("JDBC pool");
            ratios.add(on.ratio());
            sustained.add(on.sustainedRate());
            predicted = CapacityRun.rate(on.predicted().rate());
            binding = CapacityReport.binding(on.predicted());
        }
        assertThat(Claims.statement("fanout-capacity-pool")).contains(
                "predicted " + predicted + " req/s (" + binding + ")",
                "sustained " + NumberRange.of(sustained, "%.0f") + " req/s",
                "measured / predicted median " + String.format(Locale.ROOT, "%.2f", NumberRange.median(ratios)) + " ("
                        + NumberRange.of(ratios, "%.2f") + ")");
    }

    /** A held card's heap beside a held {@code /sync} request's: the class histograms' growth over 2,000 held. */
    @Test
    void a_held_cards_heap_is_its_histograms() throws IOException {
        Path held = CommandChecks.root().resolve("docs/results/held-request");
        List<Double> card = new ArrayList<>();
        List<Double> sync = new ArrayList<>();
        for (int n = 1; n <= 2; n++) {
            card.add(heldKb(held.resolve("fanout-" + n)));
            sync.add(heldKb(held.resolve("fanout-sync-" + n)));
        }
        assertThat(Claims.statement("fanout-held-heap")).contains(
                "kept " + NumberRange.of(card, "%.0f") + " KB of heap alive",
                "against " + NumberRange.of(sync, "%.0f") + " KB for a held `/sync` request");
        assertThat(NumberRange.median(card) / NumberRange.median(sync))
                .as("three branches' stacks: not three times a request's").isLessThan(1.5);
    }

    /** What one of the 2,000 held requests kept alive, in KB, once all 2,000 were held through the histogram. */
    private static double heldKb(Path folder) throws IOException {
        assertThat(StoredFiles.readString(folder.resolve("environment.txt")))
                .contains("held connections: 2000 of 2000 when the histogram began, 2000 when it ended");
        return MemoryTablesTest.heldKb(folder);
    }

    /** Which flag matters for each way, as the matrix's own findings say it (docs/results/matrix-fanout). */
    @Test
    void the_matrix_says_which_flag_matters_for_each_way() throws IOException {
        String statement = Claims.statement("fanout-matrix-flags");
        for (String way : List.of("sequential", "futures", "structured")) {
            JsonNode results = Json.readTree(MATRIX.resolve(way + "/results.json"));
            List<String> effects = new ArrayList<>();
            for (JsonNode effect : results.path("findings").path("flagEffects")) {
                assertThat(effect.path("mode").asString()).isEqualTo("fanout");
                effects.add(effect.path("flag").asString() + " " + effect.path("verdict").asString()
                        .toLowerCase(Locale.ROOT).replace('_', ' '));
            }
            assertThat(statement).contains("`" + way + "`: " + String.join(", ", effects));
            JsonNode best = results.path("findings").path("best").get(0);
            String row = StoredFiles.readAllLines(MATRIX.resolve("README.md")).stream()
                    .filter(line -> line.startsWith("| [" + way + "](" + way + "/report.md) |")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row of " + way + " in the matrix's evidence README"));
            assertThat(row).contains(String.join(" | ", effects.stream().map(e -> e.substring(2)).toList()),
                    String.format(Locale.ROOT, "| %.2f (floor %.0f ms", best.path("p99OverFloor").asDouble(),
                            best.path("floorMs").asDouble()));
        }
    }

    @Test
    void the_pools_waiters_are_three_calls_a_card() throws IOException {
        assertThat(Claims.statement("fanout-pool-multiplied")).contains("peaked at "
                + pendingPeak("structured/no-bulkhead", "T1 A0 W0 R0") + " with `structured` and with `futures` (W on), "
                + "against " + pendingPeak("sequential/no-bulkhead", "T1 A0 W0 R0") + " with `sequential`");
        assertThat(pendingPeak("futures/no-bulkhead", "T1 A0 W1 R0"))
                .isEqualTo(pendingPeak("structured/no-bulkhead", "T1 A0 W0 R0"));
    }

    @Test
    void the_bulkhead_answers_at_once_and_counts_calls() throws IOException {
        List<Double> p99s = new ArrayList<>();
        List<Double> fanOutsServed = new ArrayList<>();
        for (String variant : List.of("sequential", "structured", "structured-postgresql", "futures")) {
            String w = variant.equals("futures") ? "W1" : "W0";
            for (String t : List.of("T0", "T1")) {
                JsonNode summary = run(variant + "/bulkhead30", t + " A0 " + w + " R0").path("summary");
                assertThat(summary.path("failuresByCause").path("HTTP 504").isMissingNode())
                        .as("%s %s: no card waited out the deadline", variant, t).isTrue();
                if (t.equals("T1")) {
                    p99s.add(summary.path("latency").path("p99Ms").asDouble());
                }
                if (!variant.equals("sequential")) {
                    fanOutsServed.add(summary.path("succeeded").asDouble());
                }
            }
        }
        assertThat(served("sequential/bulkhead30", "T1 A0 W0 R0")).isEqualTo(30);
        assertThat(served("sequential/bulkhead30", "T0 A0 W0 R0")).isEqualTo(30);
        assertThat(Claims.statement("fanout-bulkhead-calls")).contains(
                "p99 " + NumberRange.of(p99s, "%,.0f") + " ms", "let 30 cards through with `sequential` but "
                        + NumberRange.of(fanOutsServed, "%,.0f") + " of 200 as a fan-out");
    }

    @Test
    void a_cancel_closes_the_connection_it_interrupts() throws IOException {
        List<String> counted = StoredFiles.readAllLines(BULKHEAD.resolve("connections-closed.txt"));
        String statement = Claims.statement("fanout-cancel-closes-connections");
        assertThat(counted).contains("structured-postgresql/no-bulkhead/servers/T1A0W0R0.log | 13 | 26 | 0 | 0");
        assertThat(statement).contains("on PostgreSQL, at the deadline, 13 connections closed by the interrupt");
        assertThat(counted.stream().filter(line -> line.startsWith("sequential/") || line.startsWith("futures/")))
                .isNotEmpty().allMatch(line -> line.endsWith(" | 0 | 0 | 0 | 0"));
        assertThat(statement).contains(unreachable("structured/no-bulkhead") + " cards (no limit) and "
                + unreachable("structured/bulkhead30") + " (the bulkhead) a 502 `Database unreachable`");
        JsonNode futures = run("futures/no-bulkhead", "T1 A0 W1 R0");
        assertThat(statement).contains("`futures` left " + futures.path("summary").path("serverFanOut")
                .path("branchesRunningAtTheAnswer").asInt() + " branches running after their 504s");
        assertThat(futures.path("summary").path("failuresByCause").properties()).extracting(java.util.Map.Entry::getKey)
                .containsOnly("HTTP 504");
    }

    @Test
    void every_branch_under_load_carried_its_own_requests_id() throws IOException {
        long runs = 0;
        long own = 0;
        long none = 0;
        long another = 0;
        for (String way : List.of("sequential", "structured", "futures", "structured-postgresql")) {
            for (String variant : List.of("no-bulkhead", "bulkhead30")) {
                for (JsonNode run : Json.readTree(BULKHEAD.resolve(way + "/" + variant + "/results.json")).path("runs")) {
                    JsonNode counted = run.path("summary").path("serverFanOut");
                    if (counted.isObject()) {
                        runs++;
                        own += counted.path("branchesWithTheRequestId").asLong();
                        none += counted.path("branchesWithNoRequestId").asLong();
                        another += counted.path("branchesWithAnotherRequestsId").asLong();
                    }
                }
            }
        }
        assertThat(List.of(none, another)).containsOnly(0L);
        assertThat(Claims.statement("fanout-request-id")).contains(String.format(Locale.ROOT,
                "over the %d bursts of the limit's runs, %,d branches counted by the lab carried their own request's "
                        + "id, none no id and none another request's", runs, own));
        assertThat(StoredFiles.readString(BULKHEAD.resolve("README.md"))).contains(String.format(Locale.ROOT,
                "over the %d runs,\n%,d branches carried their own request's id", runs, own));
    }

    /** The one run of {@code flags} in a bulkhead variant's results (a failed run is not repeated). */
    private static JsonNode run(String variant, String flags) throws IOException {
        for (JsonNode run : Json.readTree(BULKHEAD.resolve(variant + "/results.json")).path("runs")) {
            if (run.path("flags").asString().equals(flags) && run.path("repeat").asInt() == 1) {
                return run;
            }
        }
        throw new AssertionError("no run " + flags + " in " + variant);
    }

    private static int pendingPeak(String variant, String flags) throws IOException {
        return run(variant, flags).path("summary").path("meterPeaks")
                .path("hikaricp_connections_pending{pool=\"vtlab-db-pool\"}").asInt();
    }

    private static int served(String variant, String flags) throws IOException {
        return run(variant, flags).path("summary").path("succeeded").asInt();
    }

    private static int unreachable(String variant) throws IOException {
        return run(variant, "T1 A0 W0 R0").path("summary").path("failuresByCause").path("HTTP 502 UNREACHABLE").asInt();
    }

    private static String label(String way) {
        return switch (way) {
            case "futures-W-on" -> "`futures` with W on";
            case "futures-W-off" -> "W off";
            default -> "`" + way + "`";
        };
    }

    private static List<String> rounds(String jdk, String way) throws IOException {
        List<String> rounds = new ArrayList<>();
        for (int n = 1; StoredFiles.exists(FANOUT.resolve(jdk + "/" + way + "-" + n + ".txt")); n++) {
            rounds.add(StoredFiles.readString(FANOUT.resolve(jdk + "/" + way + "-" + n + ".txt")));
        }
        assertThat(rounds).as("rounds of %s on %s", way, jdk).hasSizeGreaterThanOrEqualTo(3);
        return rounds;
    }

    /** The p99s of a way's rounds on a JDK, read once, as the claims and the README write them. */
    private record P99s(List<Double> values) {

        static P99s of(String jdk, String way) throws IOException {
            List<Double> p99s = new ArrayList<>();
            for (String round : rounds(jdk, way)) {
                p99s.add(Double.parseDouble(field(round, P99)));
            }
            return new P99s(p99s);
        }

        String median() {
            return String.format(Locale.ROOT, "%,.0f", NumberRange.median(values));
        }

        String range() {
            return NumberRange.of(values, "%,.0f");
        }

        String ratio(double floorMs) {
            return String.format(Locale.ROOT, "%.2f", NumberRange.median(values) / floorMs);
        }
    }

    private static String counts(List<Integer> counts) {
        return NumberRange.of(counts.stream().map(Integer::doubleValue).toList(), "%,.0f");
    }

    private static String field(String text, Pattern pattern) {
        Matcher m = pattern.matcher(text);
        assertThat(m.find()).as("%s in %s", pattern, text).isTrue();
        return m.group(1);
    }
}
