package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.compare.HeapHistogram;
import dev.vtlab.loadgen.json.Json;
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
    /** The instances of Tomcat's per-request object in a class histogram. */
    private static final Pattern COYOTE_REQUESTS =
            Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+org\\.apache\\.coyote\\.Request\\s*$");
    /** The burst of docs/results/held-request/measure.sh. */
    private static final int HELD_BURST = 2000;

    @Test
    void every_held_request_row_matches_its_histograms() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/held-request/[^)/]+)/?\\)");
        for (MarkdownTables.Row row : rows) {
            HeapHistogram atRest = HeapHistogram.parse(Files.readString(row.linked().resolve("at-rest.txt")));
            HeapHistogram held = HeapHistogram.parse(Files.readString(row.linked().resolve("held.txt")));
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
                    .matcher(Files.readString(row.linked().resolve("environment.txt")));
            assertThat(open.find()).as(row.where()).isTrue();
            assertThat(row.cell("still open after")).as(row.where()).isEqualTo(open.group(1));
        }
        assertThat(rows).as("held-request rows in %s", PAGE).hasSizeGreaterThanOrEqualTo(4);
    }

    @Test
    void every_channel_cache_row_matches_its_histograms() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/held-request/channel-cache-2g/cache-[a-z]+-at-rest\\.txt)\\)");
        for (MarkdownTables.Row row : rows) {
            HeapHistogram atRest = HeapHistogram.parse(Files.readString(row.linked()));
            String afterText = Files.readString(row.linked().resolveSibling(
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
        }
        assertThat(rows).as("channel-cache rows in %s", PAGE).hasSize(2);
    }

    @Test
    void every_burst_row_matches_its_run_and_probes() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/bursts-512m[a-z0-9-]*/[a-z]+/burst-\\d\\.json)\\)");
        for (MarkdownTables.Row row : rows) {
            JsonNode run = Json.MAPPER.readTree(row.linked().toFile());
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
            List<String> probes = Files.readAllLines(folder.resolve("probes-" + n + ".txt"));
            double slowest = probes.stream().mapToDouble(p -> Double.parseDouble(p.split(" ")[0])).max().orElseThrow();
            long not200 = probes.stream().filter(p -> !p.endsWith(" 200")).count();
            assertThat(row.cell("slowest lab answer")).as(row.where()).isEqualTo(String.format(Locale.ROOT,
                    "%.3f s (%d probes, %s)", slowest, probes.size(), not200 == 0 ? "all 200" : not200 + " not 200"));
            List<String> heap = Files.readAllLines(folder.resolve("live-heap.txt"));
            assertThat(row.cell("live heap MB before -> after")).as(row.where()).isEqualTo(String.format(Locale.ROOT,
                    "%.1f -> %.1f", mb(heap.get(n - 1)), mb(heap.get(n))));
        }
        assertThat(rows).as("burst rows in %s", PAGE).hasSizeGreaterThanOrEqualTo(12);
    }

    @Test
    void every_comparison_row_matches_comparison_json() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, "\\]\\((results/compare-webflux[a-z0-9-]*/comparison\\.json)\\)");
        int bursts = 0;
        int held = 0;
        for (MarkdownTables.Row row : rows) {
            JsonNode comparison = Json.MAPPER.readTree(row.linked().toFile());
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
        assertThat(bursts).as("comparison burst rows in %s", PAGE).isGreaterThanOrEqualTo(6);
        assertThat(held).as("comparison held-request rows in %s", PAGE).isGreaterThanOrEqualTo(2);
    }

    /** The results page quotes the 512 MB comparison's p99 ratios, lowest to highest, per burst size. */
    @Test
    void the_results_page_quotes_the_comparison() throws Exception {
        JsonNode comparison = Json.MAPPER.readTree(
                CommandChecks.root().resolve("docs/results/compare-webflux/comparison.json").toFile());
        String readme = PageText.of(CommandChecks.root().resolve("docs/results/README.md"));
        // One number for the reference: both its rounds print the same, or the range would not match.
        assertThat(readme).contains("keeps " + NumberRange.of(heldKbByRound(comparison, "vtlab"), "%.1f")
                + " KB of live heap", "a Spring WebFlux reference "
                + NumberRange.of(heldKbByRound(comparison, "reference"), "%.1f") + " KB");
        assertThat(readme).contains("vtlab's p99 is " + ratioRange(comparison, 2000) + " times the reference's at "
                + "2,000 requests at once and " + ratioRange(comparison, 10000) + " times at 10,000");
        boolean vtlabLost = false;
        boolean referenceLost = false;
        for (JsonNode burst : comparison.path("bursts")) {
            if (burst.path("requests").asInt() == 20000 && burst.path("failed").asLong() > 0) {
                vtlabLost |= burst.path("server").asString().startsWith("vtlab");
                referenceLost |= burst.path("server").asString().startsWith("reference");
            }
        }
        assertThat(vtlabLost && !referenceLost).as("docs/results/README.md: only vtlab lost connects at 20,000").isTrue();
    }

    /** The prose quotes the held rows after the cuts and with the HTTP adapter, and the 180 s series' slowest. */
    @Test
    void the_memory_sentences_quote_their_rows() throws Exception {
        Path held = CommandChecks.root().resolve("docs/results/held-request");
        String after = oneDecimal(heldKb(held.resolve("after-cuts-1"))) + " and "
                + oneDecimal(heldKb(held.resolve("after-cuts-2")));
        String http = oneDecimal(heldKb(held.resolve("http-adapter-1"))) + " and "
                + oneDecimal(heldKb(held.resolve("http-adapter-2")));
        String page = PageText.of(PAGE);
        assertThat(page).contains("**It is not met: " + after + " KB** (" + http + " with the HTTP adapter)")
                .contains("a held request costs " + http + " KB with the HTTP adapter");
        Path series = CommandChecks.root().resolve("docs/results/bursts-512m-connect-180s/sync");
        assertThat(page).contains(String.format(Locale.ROOT, "their slowest took %.1f and %.1f s",
                slowestSeconds(series.resolve("burst-3.json")), slowestSeconds(series.resolve("burst-4.json"))));
    }

    private static double slowestSeconds(Path burst) throws IOException {
        return Json.MAPPER.readTree(burst.toFile()).path("latency").path("maxMs").asDouble() / 1000;
    }

    /** Live heap per held request of one measure.sh folder: the histograms' growth over the burst. */
    private static double heldKb(Path folder) throws IOException {
        return heldKb(HeapHistogram.parse(Files.readString(folder.resolve("at-rest.txt"))),
                HeapHistogram.parse(Files.readString(folder.resolve("held.txt"))));
    }

    private static double heldKb(HeapHistogram atRest, HeapHistogram held) {
        return kb(held.totalBytes() - atRest.totalBytes());
    }

    /** The held-request section quotes the range of vtlab's held rows over both comparisons. */
    @Test
    void the_held_request_section_quotes_both_comparisons() throws Exception {
        List<Double> vtlab = new ArrayList<>();
        for (String folder : new String[] {"compare-webflux", "compare-webflux-2g"}) {
            vtlab.addAll(heldKbByRound(ResultsJson.read(
                    CommandChecks.root().resolve("docs/results/" + folder + "/comparison.json")), "vtlab"));
        }
        assertThat(PageText.of(PAGE)).contains("and found " + NumberRange.of(vtlab, "%.1f")
                + " KB (the held rows of both comparisons below)");
    }

    /** The held-request figures of {@code server} in rounds 1 and 2, in KB. */
    private static List<Double> heldKbByRound(JsonNode comparison, String server) {
        return List.of(held(comparison, server, 1) / 1024, held(comparison, server, 2) / 1024);
    }

    private static String ratioRange(JsonNode comparison, int requests) {
        List<Double> ratios = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            ratios.add(burst(comparison, "vtlab", requests, round, "README").path("p99Ms").asDouble()
                    / burst(comparison, "reference", requests, round, "README").path("p99Ms").asDouble());
        }
        return NumberRange.of(ratios, "%.2f");
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
