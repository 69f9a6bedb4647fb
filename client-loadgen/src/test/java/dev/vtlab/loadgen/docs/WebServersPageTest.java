package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.compare.Challenger;
import dev.vtlab.loadgen.compare.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/web-servers.md and the evidence READMEs of its claims quote the comparisons as the files hold them. The page's
 * tables across runs (a held request's median and range per server, the losses at 20,000, the p99 over the
 * reference's per burst) and the claims of its section of docs/claims.md are computed here from every
 * comparison.json; each run's own tables, now in the evidence READMEs (compare-web-servers/README.md for Tomcat and
 * Jetty alone, compare-three-stacks/README.md for the three stacks' seven runs), are read row by row from the
 * comparison.json each links, its columns named by the servers the header lists, the ratios vtlab's p99 over the
 * reference's in the same round. The capacity claims are read from the capacity searches' results.json, the
 * matrix's from its results.csv.
 */
class WebServersPageTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/web-servers.md");
    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    /** Where the three stacks' runs and their history live. */
    private static final Path THREE_STACKS = RESULTS.resolve("compare-three-stacks/README.md");
    private static final Path WEB_SERVERS = RESULTS.resolve("compare-web-servers/README.md");
    /** The seven runs of the three stacks with vtlab's NettyAcceptLimit: every Netty loss and p99 ratio. */
    private static final List<String> SEVEN = List.of("compare-three-stacks", "compare-three-stacks-accepting-thread",
            "compare-three-stacks-collector", "compare-three-stacks-warmed", "compare-three-stacks-warmed-every-size",
            "compare-three-stacks-warmed-every-size-again", "compare-three-stacks-seventh");
    /** Every compare run: Tomcat and Jetty alone, the run with Netty's first bound, and the seven. */
    private static final List<String> ALL = Stream.concat(
            Stream.of("compare-web-servers", "compare-three-stacks-first-bound"), SEVEN.stream()).toList();
    private static final double P99_TARGET = 1.15;
    /** How a header names each server, and how the comparison does. */
    private static final Map<String, String> SERVERS = Map.of("Tomcat", Challenger.TOMCAT.reportName(),
            "Jetty", Challenger.JETTY.reportName(), "Netty sync", Challenger.NETTY.reportName(),
            "Netty wrapped", Challenger.NETTY_WRAPPED.reportName(), "reference", Comparison.REFERENCE);

    @ParameterizedTest
    @CsvSource({"compare-web-servers, 2", "compare-three-stacks, 2", "compare-three-stacks-accepting-thread, 2",
            "compare-three-stacks-collector, 2", "compare-three-stacks-warmed, 2",
            "compare-three-stacks-warmed-every-size, 2", "compare-three-stacks-warmed-every-size-again, 2",
            "compare-three-stacks-seventh, 2"})
    void every_held_request_is_the_comparisons(String results, int expectedRows) throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(readme(results), link(results)).stream()
                .filter(row -> row.header().getFirst().startsWith("held request")).toList();
        assertThat(rows).as("held-request rows").hasSize(expectedRows);
        for (MarkdownTables.Row row : rows) {
            int round = Integer.parseInt(row.cells().getFirst().replaceAll("\\D", ""));
            JsonNode comparison = ResultsJson.read(row.linked());
            for (String column : row.header().subList(1, row.header().size())) {
                List<JsonNode> held = new ArrayList<>();
                comparison.path("heldRequests").forEach(h -> {
                    if (h.path("server").asString().equals(SERVERS.get(column))) {
                        held.add(h);
                    }
                });
                assertThat(row.cell(column)).as(row.where() + " " + column).isEqualTo(String.format(Locale.ROOT,
                        "%.1f", held.get(round - 1).path("perRequestBytes").asDouble() / 1024));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"compare-web-servers, 6", "compare-three-stacks, 8", "compare-three-stacks-accepting-thread, 8",
            "compare-three-stacks-collector, 8", "compare-three-stacks-warmed, 8",
            "compare-three-stacks-warmed-every-size, 8", "compare-three-stacks-warmed-every-size-again, 8",
            "compare-three-stacks-seventh, 8"})
    void every_burst_is_the_comparisons(String results, int expectedRows) throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(readme(results), link(results)).stream()
                .filter(row -> row.header().getFirst().equals("burst")).toList();
        assertThat(rows).as("burst rows").hasSize(expectedRows);
        for (MarkdownTables.Row row : rows) {
            int requests = requests(row);
            int round = Integer.parseInt(row.cell("round"));
            JsonNode comparison = ResultsJson.read(row.linked());
            String failedColumn = column(row, "failed (");
            List<String> servers = servers(failedColumn);
            List<String> failed = new ArrayList<>();
            List<String> p99 = new ArrayList<>();
            List<String> ratios = new ArrayList<>();
            double reference = burst(comparison, Comparison.REFERENCE, requests, round).path("p99Ms").asDouble();
            for (String server : servers) {
                JsonNode burst = burst(comparison, SERVERS.get(server), requests, round);
                failed.add(String.valueOf(burst.path("failed").asLong()));
                p99.add(String.format(Locale.ROOT, "%.0f", burst.path("p99Ms").asDouble()));
                if (!server.equals("reference")) {
                    ratios.add(String.format(Locale.ROOT, "%.2f", burst.path("p99Ms").asDouble() / reference));
                }
            }
            assertThat(row.cell(failedColumn)).as(row.where()).isEqualTo(String.join(" / ", failed));
            assertThat(row.cell(column(row, "p99 ms ("))).as(row.where()).isEqualTo(String.join(" / ", p99));
            assertThat(row.cell(column(row, "p99 over the reference's ("))).as(row.where())
                    .isEqualTo(String.join(" / ", ratios));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"compare-three-stacks-collector", "compare-three-stacks-warmed",
            "compare-three-stacks-warmed-every-size", "compare-three-stacks-warmed-every-size-again",
            "compare-three-stacks-seventh"})
    void every_collector_share_is_the_comparisons(String results) throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(THREE_STACKS, link(results))
                .stream().filter(row -> row.header().getFirst().startsWith("collector's share")).toList();
        assertThat(rows).as("collector rows").hasSize(8);
        for (MarkdownTables.Row row : rows) {
            int requests = requests(row);
            int round = Integer.parseInt(row.cell("round"));
            JsonNode comparison = ResultsJson.read(row.linked());
            for (String column : row.header().subList(2, row.header().size())) {
                double share = burst(comparison, SERVERS.get(column), requests, round).path("collectorCpuShare")
                        .asDouble();
                assertThat(row.cell(column)).as(row.where() + " " + column)
                        .isEqualTo(String.format(Locale.ROOT, "%.0f%%", 100 * share));
            }
        }
    }

    /**
     * The fourth run's log: the warm-up it quotes is run.txt's line for Netty's /sync, and the CPU a request at
     * 10,000 in each round is the comparison's; likewise the fifth's; and the sixth's warm-up.
     */
    @Test
    void the_warmed_runs_figures_in_words_are_its_files() throws IOException {
        Path results = RESULTS.resolve("compare-three-stacks-warmed");
        String warm = nettyWarmUp(results);
        String page = PageText.of(THREE_STACKS);
        assertThat(page).contains("Netty `/sync` " + warm.substring(warm.lastIndexOf(": ") + 2) + " ms a request");
        JsonNode comparison = ResultsJson.read(results.resolve("comparison.json"));
        String cpu = String.format(Locale.ROOT, "cost %.2f ms a request at 10,000 in round 1 and %.2f in round 2, the "
                        + "reference %.2f and %.2f",
                cpu(comparison, Challenger.NETTY.reportName(), 1), cpu(comparison, Challenger.NETTY.reportName(), 2),
                cpu(comparison, Comparison.REFERENCE, 1), cpu(comparison, Comparison.REFERENCE, 2));
        assertThat(page).contains(cpu);

        Path everySize = RESULTS.resolve("compare-three-stacks-warmed-every-size");
        assertThat(page).contains(warmUpInWords(everySize) + " in those four warm-up bursts")
                .contains(warmUpInWords(everySize.resolveSibling("compare-three-stacks-warmed-every-size-again"))
                        + " in its four warm-up bursts");
        JsonNode warmed = ResultsJson.read(everySize.resolve("comparison.json"));
        assertThat(page).contains(String.format(Locale.ROOT, "Netty's `/sync` cost %.2f ms of server CPU a request at "
                        + "10,000 in round 1 and %.2f in round 2 (the reference %.2f and %.2f)",
                cpu(warmed, Challenger.NETTY.reportName(), 1), cpu(warmed, Challenger.NETTY.reportName(), 2),
                cpu(warmed, Comparison.REFERENCE, 1), cpu(warmed, Comparison.REFERENCE, 2)));
    }

    /** The page's held-request table: each server's median and range over every round of every run, its claims. */
    @Test
    void the_page_s_held_request_table_is_every_round_of_every_run() throws IOException {
        List<Map<String, String>> rows = tableAfter(PAGE, "<!-- web-servers: held across runs -->");
        assertThat(rows).extracting(r -> r.get("held request, KB"))
                .containsExactly("Tomcat", "Jetty", "Netty sync", "Netty wrapped", "reference");
        for (Map<String, String> row : rows) {
            List<Double> kb = heldKb(SERVERS.get(row.get("held request, KB")));
            String where = "web-servers.md, held: " + row;
            assertThat(row.get("rounds")).as(where).isEqualTo(String.valueOf(kb.size()));
            assertThat(row.get("median")).as(where).isEqualTo(kb(NumberRange.median(kb)));
            assertThat(row.get("range")).as(where).isEqualTo(NumberRange.of(kb, "%.1f"));
        }
        assertThat(rows.get(0).get("claim")).contains("`ws-held-tomcat`", "at most 64 KB", "**holds on average**");
        assertThat(rows.get(1).get("claim")).contains("`ws-held-jetty`", "at most 25 KB", "**holds on average**");
        assertThat(rows.get(2).get("claim")).contains("`ws-held-netty`", "at most 1.25 x", "**holds on average**");
    }

    /** A held request's claims: Tomcat within the 64 KB its bound assumes, Jetty within 25 KB, on average. */
    @ParameterizedTest
    @ValueSource(strings = {"ws-held-tomcat", "ws-held-jetty"})
    void a_servlet_server_s_held_request_claim_is_every_round(String id) throws IOException {
        String server = id.equals("ws-held-tomcat") ? "Tomcat" : "Jetty";
        int limitKb = switch (id) {
            case "ws-held-tomcat" -> 64; // the cost InFlightBound assumes
            case "ws-held-jetty" -> 25; // the issue's target for Jetty
            default -> throw new IllegalArgumentException(id);
        };
        List<Double> kb = heldKb(SERVERS.get(server));
        Claims.Claim claim = Claims.of(id);
        assertThat(claim.statement()).containsPattern("at most (the )?" + limitKb + " KB").contains("median " + kb(NumberRange.median(kb)) + " KB over "
                + kb.size() + " rounds of nine `compare` runs");
        long above = kb.stream().filter(v -> v > limitKb).count();
        assertThat(claim.verdict()).isEqualTo(verdict(NumberRange.median(kb) <= limitKb, above == 0,
                NumberRange.of(kb, "%.1f") + " KB; " + above + " of " + kb.size() + " rounds above " + limitKb));
    }

    @Test
    void netty_s_held_request_claim_is_every_round() throws IOException {
        List<Double> ratios = new ArrayList<>();
        for (String run : ALL) {
            JsonNode comparison = ResultsJson.read(comparison(run));
            List<Double> netty = heldKb(comparison, Challenger.NETTY.reportName());
            List<Double> reference = heldKb(comparison, Comparison.REFERENCE);
            for (int i = 0; i < netty.size(); i++) {
                ratios.add(netty.get(i) / reference.get(i));
            }
        }
        Claims.Claim claim = Claims.of("ws-held-netty");
        assertThat(claim.statement()).contains("at most 1.25 times the reactive reference's: median "
                + ratio(NumberRange.median(ratios)) + " times over " + ratios.size()
                + " rounds of eight `compare` runs");
        long above = ratios.stream().filter(r -> r > 1.25).count();
        assertThat(claim.verdict()).isEqualTo(verdict(NumberRange.median(ratios) <= 1.25, above == 0,
                NumberRange.of(ratios, "%.2f") + "; " + above + " of " + ratios.size() + " rounds above 1.25"));
    }

    /** The page's losses at 20,000 and their two claims: Netty's /sync lost none, Tomcat and Jetty lose connects. */
    @Test
    void the_losses_at_20000_are_every_round_of_every_run() throws IOException {
        List<Map<String, String>> rows = tableAfter(PAGE, "<!-- web-servers: lost at 20,000 across runs -->");
        assertThat(rows).extracting(r -> r.get("server"))
                .containsExactly("Tomcat", "Jetty", "Netty sync", "Netty wrapped", "reference");
        for (Map<String, String> row : rows) {
            List<Double> lost = lostAt20000(row.get("server"));
            String where = "web-servers.md, lost: " + row;
            assertThat(row.get("rounds")).as(where).isEqualTo(String.valueOf(lost.size()));
            assertThat(row.get("rounds with a loss")).as(where)
                    .isEqualTo(String.valueOf(lost.stream().filter(l -> l > 0).count()));
            assertThat(row.get("lost: median")).as(where).isEqualTo(count(NumberRange.median(lost)));
            assertThat(row.get("lost: range")).as(where).isEqualTo(NumberRange.of(lost, "%,.0f"));
        }
        List<Double> netty = lostAt20000("Netty sync");
        assertThat(netty).as("Netty's /sync lost at 20,000").allMatch(l -> l == 0);
        assertThat(Claims.of("ws-netty-serves-20000").statement()).contains("0 failed in " + netty.size()
                + " rounds of seven `compare` runs");
        assertThat(Claims.of("ws-netty-serves-20000").verdict()).isEqualTo("**Holds**");
        List<Double> tomcat = lostAt20000("Tomcat");
        List<Double> jetty = lostAt20000("Jetty");
        Claims.Claim servlet = Claims.of("ws-servlet-lose-at-20000");
        assertThat(servlet.statement()).contains("(" + String.format(Locale.ROOT, "%,d", connections(
                "capacity-web-servers-jetty/jetty", "T1 A0 W0 R0")) + " connections) lose connects at 20,000 at once: "
                + "Tomcat a median of " + count(NumberRange.median(tomcat)) + " a round, Jetty "
                + count(NumberRange.median(jetty))
                + ", over " + tomcat.size() + " rounds of nine `compare` runs");
        long tomcatNone = tomcat.stream().filter(l -> l == 0).count();
        long jettyNone = jetty.stream().filter(l -> l == 0).count();
        assertThat(jettyNone).as("Jetty's rounds without a loss at 20,000").isZero();
        assertThat(servlet.verdict()).isEqualTo(verdict(NumberRange.median(tomcat) > 0 && NumberRange.median(jetty) > 0, tomcatNone == 0,
                "Tomcat " + NumberRange.of(tomcat, "%,.0f") + ", none lost in " + tomcatNone + " round of "
                        + tomcat.size() + "; Jetty " + NumberRange.of(jetty, "%,.0f")));
    }

    /** The page's p99 table: each server's p99 over the reference's in the same round, over the seven runs. */
    @Test
    void the_p99_table_is_every_round_of_the_seven_runs() throws IOException {
        List<Map<String, String>> rows = tableAfter(PAGE, "<!-- web-servers: p99 over the reference's across runs -->");
        assertThat(rows).extracting(r -> r.get("burst")).containsExactly("4,000", "8,000", "10,000", "20,000");
        for (Map<String, String> row : rows) {
            int requests = Integer.parseInt(row.get("burst").replace(",", ""));
            List<Double> netty = p99Ratios(Challenger.NETTY.reportName(), requests);
            String where = "web-servers.md, p99: " + row;
            assertThat(row.get("Netty sync: median")).as(where).isEqualTo(ratio(NumberRange.median(netty)));
            assertThat(row.get("Netty sync: range")).as(where).isEqualTo(NumberRange.of(netty, "%.2f"));
            assertThat(row.get("Netty sync: rounds within 1.15")).as(where).isEqualTo(within(netty) + " of "
                    + netty.size());
            assertThat(row.get("Netty wrapped: median")).as(where)
                    .isEqualTo(ratio(NumberRange.median(p99Ratios(Challenger.NETTY_WRAPPED.reportName(), requests))));
            assertThat(row.get("Tomcat: median")).as(where)
                    .isEqualTo(ratio(NumberRange.median(p99Ratios(Challenger.TOMCAT.reportName(), requests))));
            assertThat(row.get("Jetty: median")).as(where)
                    .isEqualTo(ratio(NumberRange.median(p99Ratios(Challenger.JETTY.reportName(), requests))));
        }
    }

    /** Netty's p99 claims: within 1.15 of the reference's at 10,000 on average; at 20,000 the median is above. */
    @ParameterizedTest
    @ValueSource(strings = {"ws-netty-p99-10000", "ws-netty-p99-20000"})
    void netty_s_p99_claims_are_every_round_of_the_seven_runs(String id) throws IOException {
        int requests = id.equals("ws-netty-p99-10000") ? 10_000 : 20_000;
        List<Double> netty = p99Ratios(Challenger.NETTY.reportName(), requests);
        double median = NumberRange.median(netty);
        Claims.Claim claim = Claims.of(id);
        String spread = NumberRange.of(netty, "%.2f") + (median <= P99_TARGET ? "; " : ", ") + within(netty) + " of "
                + netty.size() + " rounds within";
        if (median <= P99_TARGET) {
            assertThat(claim.statement()).contains("within 1.15 times the reactive reference's: median "
                    + ratio(median) + " over " + netty.size() + " rounds of seven `compare` runs");
            assertThat(claim.verdict()).isEqualTo(verdict(true, within(netty) == netty.size(), spread));
        } else {
            List<Double> reference = new ArrayList<>();
            for (String run : SEVEN) {
                JsonNode comparison = ResultsJson.read(comparison(run));
                for (int round = 1; round <= 2; round++) {
                    reference.add(burst(comparison, Comparison.REFERENCE, requests, round).path("p99Ms").asDouble());
                }
            }
            String referenceRange = NumberRange.of(reference, "%,.0f");
            assertThat(claim.statement()).contains("over " + netty.size() + " rounds of seven `compare` runs");
            assertThat(claim.verdict()).isEqualTo("**Does not hold** (median " + ratio(median) + "; " + spread
                    + "; the reference's own p99 " + referenceRange + " ms)");
            assertThat(PageText.of(PAGE)).contains("the reference's own p99 moved from " + referenceRange + " ms");
        }
    }

    /** The compare runs' table across runs in the evidence README, each row from the comparison it links. */
    @Test
    void the_runs_across_are_their_comparisons() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(THREE_STACKS,
                "^\\[[a-z-]+\\]\\((\\.\\./[a-z-]+/comparison\\.json)\\)").stream()
                .filter(row -> row.header().getFirst().equals("run")).toList();
        assertThat(rows).extracting(row -> row.linked().getParent().getFileName().toString())
                .containsExactlyElementsOf(ALL);
        for (MarkdownTables.Row row : rows) {
            JsonNode comparison = ResultsJson.read(row.linked());
            String runTxt = Files.readString(row.linked().resolveSibling("run.txt"));
            assertThat(row.cell("started (UTC)")).as(row.where())
                    .isEqualTo(comparison.path("started").asString().substring(0, 16).replace('T', ' '));
            assertThat(row.cell("warm-up")).as(row.where()).isEqualTo(runTxt.contains("with one burst of each size")
                    ? "every burst size, then 2,000 until settled"
                    : runTxt.contains("\nwarmed ") ? "bursts of 2,000 until the CPU a request settled"
                    : "one burst of 2,000");
            boolean netty = !heldKb(comparison, Challenger.NETTY.reportName()).isEmpty();
            Map<String, String> heldColumns = Map.of("Tomcat held KB (rounds 1, 2)", "Tomcat", "Jetty held KB", "Jetty",
                    "Netty sync held KB", "Netty sync", "reference held KB", "reference");
            for (Map.Entry<String, String> column : heldColumns.entrySet()) {
                List<String> kb = heldKb(comparison, SERVERS.get(column.getValue())).stream()
                        .map(WebServersPageTest::kb).toList();
                assertThat(row.cell(column.getKey())).as(row.where() + " " + column.getKey())
                        .isEqualTo(kb.isEmpty() ? "-" : String.join(", ", kb));
            }
            List<String> servers = netty ? List.of("Tomcat", "Jetty", "Netty sync") : List.of("Tomcat", "Jetty");
            List<String> lost = new ArrayList<>();
            for (int round = 1; round <= 2; round++) {
                List<String> inRound = new ArrayList<>();
                for (String server : servers) {
                    inRound.add(String.valueOf(burst(comparison, SERVERS.get(server), 20_000, round).path("failed")
                            .asLong()));
                }
                lost.add(String.join(" / ", inRound));
            }
            assertThat(row.cell("lost at 20,000, Tomcat / Jetty / Netty sync (round 1; round 2)")).as(row.where())
                    .isEqualTo(String.join("; ", lost));
            for (String column : List.of("Netty sync p99 over the reference's at 10,000 (rounds 1, 2)",
                    "at 20,000")) {
                int requests = column.contains("10,000") ? 10_000 : 20_000;
                String expected = netty ? ratio(p99Ratio(comparison, Challenger.NETTY.reportName(), requests, 1))
                        + ", " + ratio(p99Ratio(comparison, Challenger.NETTY.reportName(), requests, 2)) : "-";
                assertThat(row.cell(column)).as(row.where() + " " + column).isEqualTo(expected);
            }
        }
    }

    /** The bounds the page's settings table states are the ones the capacity runs' servers reported. */
    @Test
    void the_in_flight_bounds_are_the_servers() throws IOException {
        String page = PageText.of(PAGE);
        String servlet = String.format(Locale.ROOT, "%,d", connections("capacity-web-servers-jetty/jetty",
                "T1 A0 W0 R0"));
        assertThat(connections("capacity-web-servers/tomcat", "T1 A0 W0 R0")).isEqualTo(connections(
                "capacity-web-servers-jetty/jetty", "T1 A0 W0 R0"));
        assertThat(page).contains("| " + servlet + " connections (64 KB a request) | " + servlet
                + " connections (64 KB a request) | " + String.format(Locale.ROOT, "%,d",
                connections("capacity-netty/netty", "T1 A0 W0 R0")) + " connections (20 KB a request");
    }

    /** Boot's switch on Tomcat and Jetty, and Jetty's bound, from the capacity searches' results.json. */
    @Test
    void the_servlet_capacity_claims_are_the_searches() throws IOException {
        JsonNode tomcatBoot = capacityRun("capacity-web-servers/tomcat-boot", "T0 A0 W0 R0");
        JsonNode jettyBoot = capacityRun("capacity-web-servers-jetty/jetty-boot", "T0 A0 W0 R0");
        JsonNode jettyT = capacityRun("capacity-web-servers-jetty/jetty", "T1 A0 W0 R0");
        assertThat(Claims.statement("ws-boot-switch-servlet")).contains("lifts Tomcat as T does, "
                + sustained(tomcatBoot) + " req/s sustained, but not Jetty: " + sustained(jettyBoot) + " req/s, its "
                + jettyBoot.path("server").path("webServer").path("maxThreads").asInt() + " tasks over 2 s, where T "
                + "sustains " + sustained(jettyT));
        assertThat(sustained(capacityRun("capacity-web-servers/tomcat", "T1 A0 W0 R0"))).isEqualTo(sustained(tomcatBoot));
        for (String variant : List.of("capacity-web-servers/jetty", "capacity-web-servers/jetty-boot")) {
            JsonNode first = capacityRun(variant, "T1 A0 W0 R0");
            assertThat(first.path("status").asString()).as(variant + " T1, Jetty's first bound").isEqualTo(
                    "SERVER_FAILED");
            assertThat(String.format(Locale.ROOT, "%,d", first.path("server").path("webServer")
                    .path("maxConnections").asInt())).isEqualTo("6,656");
        }
        assertThat(Claims.statement("ws-jetty-bound-64kb")).contains("(6,656 connections at `-Xmx512m`) runs out of "
                + "heap", "with its bound from 64 KB a request (" + String.format(Locale.ROOT, "%,d",
                connections("capacity-web-servers-jetty/jetty", "T1 A0 W0 R0")) + ") it sustains " + sustained(jettyT)
                + " req/s");
    }

    /** Netty's event loop, Boot's switch on Netty, and the matrix on Netty, from their results. */
    @Test
    void the_netty_capacity_and_matrix_claims_are_the_searches() throws IOException {
        JsonNode loop = capacityRun("capacity-netty/netty", "T0 A0 W0 R0");
        JsonNode shared = capacityRun("capacity-netty-shared-acceptor/netty", "T0 A0 W0 R0");
        assertThat(Claims.statement("ws-netty-event-loop")).contains("on Netty's " + (int) loop.path("predicted")
                .path("size").asDouble() + " event loops: " + sustained(loop) + " req/s sustained for a request of 2 s, "
                + String.format(Locale.ROOT, "%.2f", loop.path("ratio").asDouble()) + " of Little's law; "
                + sustained(shared) + " req/s (" + String.format(Locale.ROOT, "%.2f", shared.path("ratio").asDouble())
                + ") when a loop also accepts");
        JsonNode boot = capacityRun("capacity-netty/netty-boot", "T0 A0 W0 R0");
        JsonNode t = capacityRun("capacity-netty/netty", "T1 A0 W0 R0");
        assertThat(String.format(Locale.ROOT, "%.2f", boot.path("ratio").asDouble()))
                .isEqualTo(String.format(Locale.ROOT, "%.2f", t.path("ratio").asDouble()));
        assertThat(Claims.statement("ws-netty-boot-switch")).contains(sustained(boot) + " req/s sustained with the "
                + "switch, " + sustained(t) + " with T, each " + String.format(Locale.ROOT, "%.2f",
                t.path("ratio").asDouble()) + " of the CPU's prediction");
        List<String> csv = Files.readAllLines(RESULTS.resolve("matrix-netty/results.csv"));
        List<String> header = List.of(csv.getFirst().split(","));
        String[] off = csv.stream().filter(l -> l.startsWith("sync,T0 A0 W0 R0,")).findFirst().orElseThrow()
                .split(",");
        String[] on = csv.stream().filter(l -> l.startsWith("sync,T1 A0 W0 R0,")).findFirst().orElseThrow()
                .split(",");
        assertThat(off[header.indexOf("failures_by_cause")]).startsWith("{request timeout=");
        assertThat(on[header.indexOf("failed")]).isEqualTo("0");
        assertThat(Claims.statement("ws-netty-matrix-t")).contains("with T off " + String.format(Locale.ROOT, "%,d",
                Long.parseLong(off[header.indexOf("failed")])) + " of " + String.format(Locale.ROOT, "%,d",
                Long.parseLong(off[header.indexOf("requests")])) + " timed out", "with T on all were served, p99 "
                + String.format(Locale.ROOT, "%,.0f", Double.parseDouble(on[header.indexOf("p99_ms")])) + " ms");
    }

    /** The capacity rows of the evidence READMEs are their runs, as the pages' rows are (CapacityTablesTest). */
    @ParameterizedTest
    @CsvSource({"capacity-web-servers, 7", "capacity-netty, 4"})
    void the_capacity_rows_of_the_evidence_are_their_runs(String folder, int expectedRows) throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(RESULTS.resolve(folder + "/README.md"),
                "\\]\\((\\.\\./capacity[^)]*/results\\.json)\\)");
        assertThat(rows).hasSize(expectedRows);
        for (MarkdownTables.Row row : rows) {
            JsonNode run = capacityRun(RESULTS.relativize(row.linked().getParent()).toString(), row.cell("flags"));
            assertThat(row.cell("sustained req/s")).as(row.where()).isEqualTo(sustained(run));
            assertThat(row.cell("measured / predicted")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.2f", run.path("ratio").asDouble()));
        }
    }

    /** {@code **Holds**}, {@code **Holds on average** (spread)} or {@code **Does not hold** (spread)}. */
    private static String verdict(boolean medianHolds, boolean everyRoundHolds, String spread) {
        if (medianHolds && everyRoundHolds) {
            return "**Holds**";
        }
        return (medianHolds ? "**Holds on average** (" : "**Does not hold** (") + spread + ")";
    }

    private static Path comparison(String run) {
        return RESULTS.resolve(run).resolve("comparison.json");
    }

    /** A held request in KB of each round of {@code server} over every run that has it. */
    private static List<Double> heldKb(String server) throws IOException {
        List<Double> kb = new ArrayList<>();
        for (String run : ALL) {
            kb.addAll(heldKb(ResultsJson.read(comparison(run)), server));
        }
        return kb;
    }

    private static List<Double> heldKb(JsonNode comparison, String server) {
        List<Double> kb = new ArrayList<>();
        comparison.path("heldRequests").forEach(h -> {
            if (h.path("server").asString().equals(server)) {
                kb.add(h.path("perRequestBytes").asDouble() / 1024);
            }
        });
        return kb;
    }

    /** What a server lost at 20,000 in each round: Netty's over the seven runs, the others' over every run. */
    private static List<Double> lostAt20000(String column) throws IOException {
        List<Double> lost = new ArrayList<>();
        for (String run : column.startsWith("Netty") ? SEVEN : ALL) {
            JsonNode comparison = ResultsJson.read(comparison(run));
            for (int round = 1; round <= 2; round++) {
                lost.add(burst(comparison, SERVERS.get(column), 20_000, round).path("failed").asDouble());
            }
        }
        return lost;
    }

    /** A server's p99 over the reference's in the same round, every round of the seven runs. */
    private static List<Double> p99Ratios(String server, int requests) throws IOException {
        List<Double> ratios = new ArrayList<>();
        for (String run : SEVEN) {
            JsonNode comparison = ResultsJson.read(comparison(run));
            for (int round = 1; round <= 2; round++) {
                ratios.add(p99Ratio(comparison, server, requests, round));
            }
        }
        return ratios;
    }

    private static double p99Ratio(JsonNode comparison, String server, int requests, int round) {
        return burst(comparison, server, requests, round).path("p99Ms").asDouble()
                / burst(comparison, Comparison.REFERENCE, requests, round).path("p99Ms").asDouble();
    }

    private static long within(List<Double> ratios) {
        return ratios.stream().filter(r -> r <= P99_TARGET).count();
    }

    private static String kb(double kb) {
        return String.format(Locale.ROOT, "%.1f", kb);
    }

    private static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.2f", ratio);
    }

    /** A count, or a median of counts halfway between two: {@code 1,800}, {@code 876.5}. */
    private static String count(double count) {
        return count == Math.rint(count) ? String.format(Locale.ROOT, "%,.0f", count)
                : String.format(Locale.ROOT, "%,.1f", count);
    }

    /** One (flags) run of a capacity search's results.json, e.g. {@code capacity-netty/netty}. */
    private static JsonNode capacityRun(String variant, String flags) throws IOException {
        for (JsonNode run : ResultsJson.read(RESULTS.resolve(variant).resolve("results.json")).path("runs")) {
            if (run.path("flags").asString().equals(flags)) {
                return run;
            }
        }
        throw new AssertionError("no run " + flags + " in " + variant);
    }

    private static int connections(String variant, String flags) throws IOException {
        return capacityRun(variant, flags).path("server").path("webServer").path("maxConnections").asInt();
    }

    private static String sustained(JsonNode run) {
        return dev.vtlab.loadgen.capacity.CapacityRun.rate(run.path("sustainedRate").asDouble());
    }

    /** The rows of the first table after {@code marker}, each its header's cells to its own. */
    private static List<Map<String, String>> tableAfter(Path page, String marker) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int start = lines.indexOf(marker);
        assertThat(start).as("%s in %s", marker, page).isNotNegative();
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> header = null;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            List<String> cells = Arrays.stream(line.strip().substring(1, line.strip().length() - 1).split("\\|", -1))
                    .map(String::strip).toList();
            if (header == null) {
                header = cells;
            } else if (!cells.getFirst().startsWith("---")) {
                Map<String, String> row = new java.util.LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    row.put(header.get(i), cells.get(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** "Netty's `/sync` cost a, b, c and d ms a request": the CPU of its warm-up bursts, one of each size. */
    private static String warmUpInWords(Path results) throws IOException {
        String line = nettyWarmUp(results);
        List<String> sizes = new ArrayList<>();
        Matcher size = Pattern.compile("\\d+: ([0-9.]+)").matcher(line.substring(0, line.indexOf("), then")));
        while (size.find()) {
            sizes.add(size.group(1));
        }
        return "Netty's `/sync` cost " + String.join(", ", sizes.subList(0, sizes.size() - 1)) + " and "
                + sizes.getLast() + " ms a request";
    }

    /** The line of a run's run.txt saying how Netty's /sync was warmed. */
    private static String nettyWarmUp(Path results) throws IOException {
        return Files.readAllLines(results.resolve("run.txt")).stream()
                .filter(line -> line.startsWith("warmed " + Challenger.NETTY.reportName() + " with ")).findFirst()
                .orElseThrow();
    }

    private static double cpu(JsonNode comparison, String server, int round) {
        return burst(comparison, server, 10_000, round).path("cpuMsPerRequest").asDouble();
    }

    /** The burst a row is about, from its first cell: {@code [10,000](...)} is 10000. */
    private static int requests(MarkdownTables.Row row) {
        return Integer.parseInt(row.cells().getFirst().replaceAll("\\[|\\].*|,", ""));
    }

    /** A README's link to a run's comparison: {@code ](../compare-three-stacks-seventh/comparison.json)}. */
    private static String link(String results) {
        return "\\]\\((\\.\\./" + results + "/comparison\\.json)\\)";
    }

    /** The evidence README that holds a run's own tables. */
    private static Path readme(String results) {
        return results.equals("compare-web-servers") ? WEB_SERVERS : THREE_STACKS;
    }

    /** The header cell that starts with {@code start}, e.g. {@code failed (Tomcat / Jetty / reference)}. */
    private static String column(MarkdownTables.Row row, String start) {
        return row.header().stream().filter(cell -> cell.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError(row.where() + ": no column " + start + "...)"));
    }

    /** {@code failed (Tomcat / Jetty / reference)} names Tomcat, Jetty and the reference, in that order. */
    private static List<String> servers(String column) {
        return Arrays.stream(column.substring(column.indexOf('(') + 1, column.lastIndexOf(')')).split(" / "))
                .map(String::strip).toList();
    }

    private static JsonNode burst(JsonNode comparison, String server, int requests, int round) {
        for (JsonNode burst : comparison.path("bursts")) {
            if (burst.path("server").asString().equals(server) && burst.path("requests").asInt() == requests
                    && burst.path("round").asInt() == round) {
                return burst;
            }
        }
        throw new AssertionError("no burst of " + requests + " in round " + round + " for " + server);
    }
}
