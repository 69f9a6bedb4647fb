package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.compare.HeapHistogram;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.stored.StoredFiles;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.vtlab.loadgen.docs.Printed.whole;
import static dev.vtlab.loadgen.docs.Printed.oneDecimal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The memory and burst figures of docs/benchmarks.md are their results files' own: every row whose first cell links
 * a file under docs/results/held-request, bursts-512m or compare-webflux is recomputed from that file, cell by
 * cell. A re-measured folder or a mistyped number fails the build, naming the row.
 */
class MemoryTablesTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/benchmarks.md");
    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    /** The evidence of benchmarks.md's held-request cuts, beside the histograms. */
    private static final Path CUTS = RESULTS.resolve("held-request/cuts/README.md");
    /** The instances of Tomcat's per-request object in a class histogram. */
    private static final Pattern COYOTE_REQUESTS =
            Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+org\\.apache\\.coyote\\.Request\\s*$");
    /** The burst of docs/results/held-request/measure.sh. */
    private static final int HELD_BURST = 2000;

    @Test
    void every_held_request_row_matches_its_histograms() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(List.of(PAGE, CUTS),
                "\\]\\(((?:results/held-request/|\\.\\./)[^)/]+)/?\\)");
        for (MarkdownTables.Row row : rows) {
            HeapHistogram atRest = HeapHistogram.parse(StoredFiles.readString(row.linked().resolve("at-rest.txt")));
            HeapHistogram held = HeapHistogram.parse(StoredFiles.readString(row.linked().resolve("held.txt")));
            double total = heldKb(atRest, held);
            double bytes = grown(atRest, held, "[B");
            double chars = grown(atRest, held, "[C");
            double stack = grown(atRest, held, "jdk.internal.vm.StackChunk");
            assertThat(row.cell("byte[] KB")).as(row.where()).isEqualTo(oneDecimal(bytes));
            assertThat(row.cell("char[] KB")).as(row.where()).isEqualTo(oneDecimal(chars));
            assertThat(row.cell("stacks KB")).as(row.where()).isEqualTo(oneDecimal(stack));
            assertThat(row.cell("other KB")).as(row.where()).isEqualTo(oneDecimal(total - bytes - chars - stack));
            assertThat(row.cell("per request KB")).as(row.where()).isEqualTo("**" + oneDecimal(total) + "**");
            Matcher open = Pattern.compile("when the histogram began, (\\d+) when it ended")
                    .matcher(StoredFiles.readString(row.linked().resolve("environment.txt")));
            assertThat(open.find()).as(row.where()).isTrue();
            assertThat(row.cell("still open after")).as(row.where()).isEqualTo(open.group(1));
        }
        assertThat(rows).as("held-request rows in %s and %s", PAGE, CUTS).hasSizeGreaterThanOrEqualTo(12);
    }

    @Test
    void every_channel_cache_row_matches_its_histograms() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CUTS, "\\]\\((\\.\\./channel-cache-2g/cache-[a-z]+-at-rest\\.txt)\\)");
        List<String> claimed = new ArrayList<>();
        for (MarkdownTables.Row row : rows) {
            HeapHistogram atRest = HeapHistogram.parse(StoredFiles.readString(row.linked()));
            String afterText = StoredFiles.readString(row.linked().resolveSibling(
                    row.linked().getFileName().toString().replace("at-rest", "after-10000")));
            HeapHistogram after = HeapHistogram.parse(afterText);
            Matcher requests = COYOTE_REQUESTS.matcher(afterText);
            assertThat(requests.find()).as(row.where()).isTrue();
            assertThat(row.cell("requests (`org.apache.coyote.Request`) alive after")).as(row.where())
                    .isEqualTo(requests.group(1));
            assertThat(row.cell("live heap at rest MB")).as(row.where())
                    .isEqualTo(oneDecimal(atRest.totalBytes() / 1048576.0));
            assertThat(row.cell("after a 10,000 burst MB")).as(row.where())
                    .isEqualTo(oneDecimal(after.totalBytes() / 1048576.0));
            claimed.add(requests.group(1) + " after a burst of 10,000 (" + oneDecimal(after.totalBytes() / 1048576.0)
                    + " MB live)");
        }
        assertThat(rows).as("channel-cache rows in %s", CUTS).hasSize(2);
        // rows: cache on, then cache off
        String off = claimed.get(1).replace(" after a burst of 10,000 (", " (").replace(" live)", ")");
        assertThat(Claims.statement("bench-channel-cache"))
                .contains(claimed.get(0) + " with it, " + off + " with `socket.bufferPool=0`");
        assertThat(PageText.of(PAGE)).contains("kept " + claimed.get(0).substring(0, claimed.get(0).indexOf(' '))
                + " finished requests alive after a burst of 10,000 (" + off.substring(0, off.indexOf(' '))
                + " without it)");
    }

    @Test
    void every_burst_row_matches_its_run_and_probes() throws Exception {
        Path readme = RESULTS.resolve("bursts-512m/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(readme,
                "\\]\\(((?:\\.\\./bursts-512m[a-z0-9-]*/)?[a-z]+/burst-\\d\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode run = Json.readTree(row.linked());
            int n = Integer.parseInt(row.linked().getFileName().toString().replaceAll("\\D", ""));
            Path folder = row.linked().getParent();
            assertThat(row.cell("burst")).as(row.where()).isEqualTo(String.format(Locale.ROOT, "%,d",
                    run.path("requests").asInt()));
            assertThat(row.cell("succeeded")).as(row.where()).isEqualTo(run.path("succeeded").asString());
            assertThat(row.cell("failed")).as(row.where()).isEqualTo(ResultsTablesTest.causes(run));
            assertThat(row.cell("lost writes")).as(row.where()).isEqualTo(run.path("lostWrites").asString());
            assertThat(row.cell("p50 ms")).as(row.where()).isEqualTo(whole(run.path("latency").path("p50Ms")));
            assertThat(row.cell("p99 ms")).as(row.where()).isEqualTo(whole(run.path("latency").path("p99Ms")));
            assertThat(row.cell("wall ms")).as(row.where()).isEqualTo(whole(run.path("wallTimeMs")));
            List<String> probes = StoredFiles.readAllLines(folder.resolve("probes-" + n + ".txt"));
            double slowest = probes.stream().mapToDouble(p -> Double.parseDouble(p.split(" ")[0])).max().orElseThrow();
            long not200 = probes.stream().filter(p -> !p.endsWith(" 200")).count();
            assertThat(row.cell("slowest lab answer")).as(row.where()).isEqualTo(String.format(Locale.ROOT,
                    "%.3f s (%d probes, %s)", slowest, probes.size(), not200 == 0 ? "all 200" : not200 + " not 200"));
            List<String> heap = StoredFiles.readAllLines(folder.resolve("live-heap.txt"));
            assertThat(row.cell("live heap MB before -> after")).as(row.where()).isEqualTo(String.format(Locale.ROOT,
                    "%.1f -> %.1f", mb(heap.get(n - 1)), mb(heap.get(n))));
        }
        assertThat(rows).as("burst rows in %s", readme).hasSizeGreaterThanOrEqualTo(16);
    }

    /**
     * The page's table of the burst series, one row per series: the failures of its bursts of 10,000 and of 20,000,
     * its p99s, the lab's slowest answer and the live heap, lowest to highest; and the three claims of the series.
     */
    @Test
    void every_burst_series_row_and_claim_sums_its_runs() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/bursts-512m[a-z0-9-]*/[a-z]+)/\\)");
        List<Long> defaultTimeoutLosses = new ArrayList<>();
        double slowestLab = 0;
        double largestHeapChange = 0;
        for (MarkdownTables.Row row : rows) {
            List<JsonNode> runs = new ArrayList<>();
            for (int n = 1; n <= 4; n++) {
                runs.add(Json.readTree(row.linked().resolve("burst-" + n + ".json")));
            }
            List<String> failed10k = new ArrayList<>();
            List<String> failed20k = new ArrayList<>();
            List<Double> p99s = new ArrayList<>();
            for (JsonNode run : runs) {
                (run.path("requests").asInt() == 10000 ? failed10k : failed20k).add(run.path("failed").asString());
                p99s.add(run.path("latency").path("p99Ms").asDouble());
                assertThat(run.path("lostWrites").asLong()).as(row.where()).isZero();
                if (run.path("requests").asInt() == 20000 && row.linked().startsWith(RESULTS.resolve("bursts-512m"))) {
                    defaultTimeoutLosses.add(run.path("failed").asLong());
                    assertThat(run.path("failed").asLong()).as(row.where() + ": connects lost at 20,000")
                            .isEqualTo(run.path("failuresByCause").path("connect timeout").asLong()).isPositive();
                }
            }
            double slowest = 0;
            for (int n = 1; n <= 4; n++) {
                slowest = Math.max(slowest, StoredFiles.readAllLines(row.linked().resolve("probes-" + n + ".txt")).stream()
                        .mapToDouble(p -> Double.parseDouble(p.split(" ")[0])).max().orElseThrow());
            }
            List<Double> heap = StoredFiles.readAllLines(row.linked().resolve("live-heap.txt")).stream()
                    .map(MemoryTablesTest::mb).toList();
            for (double h : heap) {
                largestHeapChange = Math.max(largestHeapChange, Math.abs(h / heap.getFirst() - 1));
            }
            slowestLab = Math.max(slowestLab, slowest);
            assertThat(row.cell("failed, bursts of 10,000")).as(row.where()).isEqualTo(String.join(", ", failed10k));
            assertThat(row.cell("failed, bursts of 20,000")).as(row.where()).isEqualTo(String.join(", ", failed20k));
            assertThat(row.cell("p99 ms, lowest to highest")).as(row.where()).isEqualTo(NumberRange.of(p99s, "%.0f"));
            assertThat(row.cell("slowest lab answer s")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.3f", slowest));
            assertThat(row.cell("live heap MB, lowest to highest")).as(row.where())
                    .isEqualTo(NumberRange.of(heap, "%.1f"));
        }
        assertThat(rows).as("burst series in %s", PAGE).hasSize(4);
        assertThat(slowestLab).as("the lab's slowest answer, s").isLessThan(1);
        assertThat(largestHeapChange).as("the live heap's largest change from a series' start").isLessThan(0.20);
        assertThat(Claims.statement("bench-bursts-no-loss")).contains(String.format(Locale.ROOT,
                "within 1 s (%.3f s at most)", slowestLab), String.format(Locale.ROOT, "within 20%% of its start (%.0f%%)",
                Math.ceil(largestHeapChange * 100)));
        assertThat(Claims.of("bench-bursts-all-succeed").verdict()).isEqualTo("**Does not hold** ("
                + NumberRange.of(defaultTimeoutLosses.stream().map(Long::doubleValue).toList(), "%.0f")
                + " connect timeouts a burst)");
        Path series = RESULTS.resolve("bursts-512m-connect-180s/sync");
        String slowest = String.format(Locale.ROOT, "the slowest after %.1f and %.1f s",
                slowestSeconds(series.resolve("burst-3.json")), slowestSeconds(series.resolve("burst-4.json")));
        assertThat(Claims.statement("bench-bursts-connect-180s")).contains(slowest);
        assertThat(PageText.of(PAGE)).contains(slowest);
        for (int n = 3; n <= 4; n++) {
            assertThat(Json.readTree(series.resolve("burst-" + n + ".json")).path("failed").asLong())
                    .as("failed in the 20,000 burst %d with --connect-timeout 180s", n).isZero();
        }
    }

    @Test
    void every_comparison_row_matches_comparison_json() throws Exception {
        Path readme = RESULTS.resolve("compare-webflux/README.md");
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(readme,
                "\\]\\(((?:\\.\\./compare-webflux[a-z0-9-]*/)?comparison\\.json)\\)");
        int bursts = 0;
        int held = 0;
        for (MarkdownTables.Row row : rows) {
            JsonNode comparison = Json.readTree(row.linked());
            Matcher burst = Pattern.compile("^\\[([\\d,]+), round (\\d)]").matcher(row.cells().getFirst());
            Matcher heldRound = Pattern.compile("^\\[held request, round (\\d)]").matcher(row.cells().getFirst());
            if (burst.find()) {
                int requests = Integer.parseInt(burst.group(1).replace(",", ""));
                int round = Integer.parseInt(burst.group(2));
                JsonNode vtlab = burst(comparison, "vtlab", requests, round, row.where());
                JsonNode reference = burst(comparison, "reference", requests, round, row.where());
                assertThat(row.cell("vtlab failed")).as(row.where()).isEqualTo(vtlab.path("failed").asString());
                assertThat(row.cell("reference failed")).as(row.where())
                        .isEqualTo(reference.path("failed").asString());
                assertThat(row.cell("vtlab p50 / p99 ms")).as(row.where()).isEqualTo(
                        whole(vtlab.path("p50Ms")) + " / " + whole(vtlab.path("p99Ms")));
                assertThat(row.cell("reference p50 / p99 ms")).as(row.where()).isEqualTo(
                        whole(reference.path("p50Ms")) + " / " + whole(reference.path("p99Ms")));
                assertThat(row.cell("p99 ratio")).as(row.where()).isEqualTo(String.format(Locale.ROOT, "%.2f",
                        vtlab.path("p99Ms").asDouble() / reference.path("p99Ms").asDouble()));
                assertThat(row.cell("CPU ms per request (vtlab / reference)")).as(row.where()).isEqualTo(
                        String.format(Locale.ROOT, "%.2f / %.2f", vtlab.path("cpuMsPerRequest").asDouble(),
                                reference.path("cpuMsPerRequest").asDouble()));
                assertThat(row.cell("RSS peak MB (vtlab / reference)")).as(row.where()).isEqualTo(
                        String.format(Locale.ROOT, "%.0f / %.0f", mb(vtlab.path("rssPeakBytes").asString()),
                                mb(reference.path("rssPeakBytes").asString())));
                if (row.header().contains("SYN retransmits (vtlab / reference)")) {
                    assertThat(row.cell("SYN retransmits (vtlab / reference)")).as(row.where()).isEqualTo(
                            synRetransmits(vtlab) + " / " + synRetransmits(reference));
                }
                bursts++;
            } else if (heldRound.find()) {
                int round = Integer.parseInt(heldRound.group(1));
                assertThat(row.cell("vtlab KB")).as(row.where())
                        .isEqualTo(oneDecimal(held(comparison, "vtlab", round) / 1024));
                assertThat(row.cell("reference KB")).as(row.where())
                        .isEqualTo(oneDecimal(held(comparison, "reference", round) / 1024));
                held++;
            }
        }
        assertThat(bursts).as("comparison burst rows in %s", readme).isGreaterThanOrEqualTo(10);
        assertThat(held).as("comparison held-request rows in %s", readme).isGreaterThanOrEqualTo(4);
    }

    /** The page's summary of both comparisons, one row per heap and burst, and the comparison's claims. */
    @Test
    void every_comparison_summary_row_and_claim_matches_comparison_json() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/compare-webflux[a-z0-9-]*/comparison\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode comparison = Json.readTree(row.linked());
            int requests = Integer.parseInt(row.cell("burst").replace(",", ""));
            assertThat(row.cells().getFirst()).as(row.where()).startsWith("["
                    + (row.linked().getParent().getFileName().toString().endsWith("-2g") ? "2 GB" : "512 MB")
                    + ", " + row.cell("burst") + "]");
            assertThat(row.cell("vtlab failed, rounds 1 and 2")).as(row.where()).isEqualTo(rounds(comparison, "vtlab",
                    requests, b -> b.path("failed").asString()));
            assertThat(row.cell("reference failed, rounds 1 and 2")).as(row.where()).isEqualTo(rounds(comparison,
                    "reference", requests, b -> b.path("failed").asString()));
            assertThat(row.cell("p99 vtlab / reference, rounds 1 and 2")).as(row.where())
                    .isEqualTo(String.join(", ", ratios(comparison, requests)));
        }
        assertThat(rows).as("comparison summary rows in %s", PAGE).hasSize(5);

        JsonNode small = Json.readTree(RESULTS.resolve("compare-webflux/comparison.json"));
        JsonNode large = Json.readTree(RESULTS.resolve("compare-webflux-2g/comparison.json"));
        List<String> at10k = ratios(small, 10000);
        assertThat(at10k.stream().anyMatch(r -> Double.parseDouble(r) > 1.10)).isTrue();
        assertThat(Claims.of("bench-webflux-512m").verdict()).isEqualTo("**Does not hold** (" + String.join(" and ", at10k)
                + " times; vtlab lost " + rounds(small, "vtlab", 20000, b -> b.path("failed").asString()).replace(", ", " and ")
                + " connects at 20,000)");
        assertThat(rounds(small, "reference", 20000, b -> b.path("failed").asString())).isEqualTo("0, 0");

        List<Double> vtlabHeld = new ArrayList<>(heldKbByRound(small, "vtlab"));
        vtlabHeld.addAll(heldKbByRound(large, "vtlab"));
        List<Double> referenceHeld = new ArrayList<>(heldKbByRound(small, "reference"));
        referenceHeld.addAll(heldKbByRound(large, "reference"));
        String held = NumberRange.of(referenceHeld, "%.1f") + " KB on the WebFlux reference and "
                + NumberRange.of(vtlabHeld, "%.1f") + " KB on vtlab";
        assertThat(Claims.statement("bench-webflux-held")).contains(held);
        assertThat(PageText.of(PAGE)).contains("the reference holds " + NumberRange.of(referenceHeld, "%.1f")
                + " KB per waiting request, vtlab " + NumberRange.of(vtlabHeld, "%.1f") + " KB");

        List<Double> ratios2g = new ArrayList<>();
        for (JsonNode burst : large.path("bursts")) {
            assertThat(burst.path("failed").asLong()).as("failed at -Xmx2g").isZero();
            if (burst.path("server").asString().startsWith("vtlab")) {
                ratios2g.add(burst.path("p99Ms").asDouble() / burst(large, "reference", burst.path("requests").asInt(),
                        burst.path("round").asInt(), "2g").path("p99Ms").asDouble());
            }
        }
        assertThat(Claims.statement("bench-webflux-2g")).contains("vtlab's p99 is " + NumberRange.of(ratios2g, "%.2f")
                + " times the reference's");
    }

    /** A burst's value in rounds 1 and 2, e.g. {@code 25, 1}. */
    private static String rounds(JsonNode comparison, String server, int requests,
                                 java.util.function.Function<JsonNode, String> value) {
        return value.apply(burst(comparison, server, requests, 1, server)) + ", "
                + value.apply(burst(comparison, server, requests, 2, server));
    }

    /** vtlab's p99 over the reference's in rounds 1 and 2, two decimals each. */
    private static List<String> ratios(JsonNode comparison, int requests) {
        List<String> ratios = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            ratios.add(String.format(Locale.ROOT, "%.2f", burst(comparison, "vtlab", requests, round, "ratio")
                    .path("p99Ms").asDouble() / burst(comparison, "reference", requests, round, "ratio")
                    .path("p99Ms").asDouble()));
        }
        return ratios;
    }

    /** The held-request claims of the cuts and of the HTTP adapter, and the page's sentence, quote the histograms. */
    @Test
    void the_held_request_claims_quote_their_rows() throws Exception {
        Path held = RESULTS.resolve("held-request");
        String before = oneDecimal(heldKb(held.resolve("before-cuts-1"))) + " and "
                + oneDecimal(heldKb(held.resolve("before-cuts-2")));
        String after = oneDecimal(heldKb(held.resolve("after-cuts-1"))) + " and "
                + oneDecimal(heldKb(held.resolve("after-cuts-2")));
        double httpLargest = Math.max(heldKb(held.resolve("http-adapter-1")), heldKb(held.resolve("http-adapter-2")));
        String http = oneDecimal(heldKb(held.resolve("http-adapter-1"))) + " and "
                + oneDecimal(heldKb(held.resolve("http-adapter-2")));
        assertThat(Math.max(heldKb(held.resolve("after-cuts-1")), heldKb(held.resolve("after-cuts-2"))))
                .as("after the cuts, KB").isGreaterThan(25);
        assertThat(Claims.statement("bench-held-cuts")).contains("at most 25 KB", before + " KB before them, "
                + after + " KB after");
        assertThat(Claims.of("bench-held-cuts").verdict()).isEqualTo("**Does not hold** (" + after + " KB)");
        assertThat(PageText.of(PAGE)).contains("costs " + after + " KB of live heap after the cuts (" + before
                + " before)");
        assertThat(httpLargest).as("the HTTP adapter's held request, KB").isLessThan(72);
        assertThat(Claims.statement("bench-held-http-adapter")).contains(http + " KB, under the 72 KB");
    }

    private static double slowestSeconds(Path burst) throws IOException {
        return Json.readTree(burst).path("latency").path("maxMs").asDouble() / 1000;
    }

    /** Live heap per held request of one measure.sh folder: the histograms' growth over the burst. */
    static double heldKb(Path folder) throws IOException {
        return heldKb(HeapHistogram.parse(StoredFiles.readString(folder.resolve("at-rest.txt"))),
                HeapHistogram.parse(StoredFiles.readString(folder.resolve("held.txt"))));
    }

    private static double heldKb(HeapHistogram atRest, HeapHistogram held) {
        return kb(held.totalBytes() - atRest.totalBytes());
    }

    /** The held-request figures of {@code server} in rounds 1 and 2, in KB. */
    private static List<Double> heldKbByRound(JsonNode comparison, String server) {
        return List.of(held(comparison, server, 1) / 1024, held(comparison, server, 2) / 1024);
    }

    private static JsonNode burst(JsonNode comparison, String server, int requests, int round, String where) {
        for (JsonNode burst : comparison.path("bursts")) {
            if (burst.path("server").asString().startsWith(server) && burst.path("requests").asInt() == requests
                    && burst.path("round").asInt() == round) {
                return burst;
            }
        }
        throw new AssertionError(where + ": no burst of " + requests + " at " + server + " in round " + round);
    }

    /** The held-request figure of {@code server} in round {@code round}: rounds alternate who goes first. */
    private static double held(JsonNode comparison, String server, int round) {
        int seen = 0;
        for (JsonNode held : comparison.path("heldRequests")) {
            if (held.path("server").asString().startsWith(server) && ++seen == round) {
                return held.path("perRequestBytes").asDouble();
            }
        }
        throw new AssertionError("no held-request figure of " + server + " in round " + round);
    }

    private static String synRetransmits(JsonNode burst) {
        JsonNode count = burst.path("kernel").path("TcpExtTCPSynRetrans");
        return count.isMissingNode() ? "-" : count.asString();
    }

    private static double grown(HeapHistogram atRest, HeapHistogram held, String className) {
        return kb(held.bytesByClass().getOrDefault(className, 0L) - atRest.bytesByClass().getOrDefault(className, 0L));
    }

    private static double kb(long bytes) {
        return bytes / 1024.0 / HELD_BURST;
    }

    private static double mb(String bytes) {
        return Long.parseLong(bytes.strip()) / 1048576.0;
    }
}
