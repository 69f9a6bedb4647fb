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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/web-servers.md quotes its comparisons as the files hold them: each held-request row and each burst row is
 * read from the comparison.json it links, its columns named by the servers the header lists (Tomcat, Jetty, Netty
 * sync, Netty wrapped and the reference), and the ratios are vtlab's p99 over the reference's in the same round.
 * Eight comparisons: Tomcat and Jetty (compare-web-servers), and the three stacks (compare-three-stacks, again once
 * Netty accepted on a thread of its own: compare-three-stacks-accepting-thread, once more with the collector's
 * share of the CPU: compare-three-stacks-collector, and with each server warmed until its CPU a request settled:
 * compare-three-stacks-warmed, and first with every burst size: compare-three-stacks-warmed-every-size, and again:
 * compare-three-stacks-warmed-every-size-again, and a seventh time: compare-three-stacks-seventh; the share rows
 * of the last five are checked as well).
 */
class WebServersPageTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/web-servers.md");
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
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, link(results)).stream()
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
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, link(results)).stream()
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
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, link(results))
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
     * The fourth run's prose: the warm-up it quotes is run.txt's line for Netty's /sync, and the CPU a request at
     * 10,000 in each round is the comparison's; likewise the fifth's; and the sixth's warm-up.
     */
    @Test
    void the_warmed_runs_figures_in_words_are_its_files() throws IOException {
        Path results = PAGE.resolveSibling("results/compare-three-stacks-warmed");
        String warm = nettyWarmUp(results);
        String page = Files.readString(PAGE).replaceAll("\\s+", " ");
        assertThat(page).contains("Netty `/sync` " + warm.substring(warm.lastIndexOf(": ") + 2) + " ms a request");
        JsonNode comparison = ResultsJson.read(results.resolve("comparison.json"));
        String cpu = String.format(Locale.ROOT, "cost %.2f ms a request at 10,000 in round 1 and %.2f in round 2, the "
                        + "reference %.2f and %.2f",
                cpu(comparison, Challenger.NETTY.reportName(), 1), cpu(comparison, Challenger.NETTY.reportName(), 2),
                cpu(comparison, Comparison.REFERENCE, 1), cpu(comparison, Comparison.REFERENCE, 2));
        assertThat(page).contains(cpu);

        Path everySize = PAGE.resolveSibling("results/compare-three-stacks-warmed-every-size");
        assertThat(page).contains(warmUpInWords(everySize) + " in those four warm-up bursts")
                .contains(warmUpInWords(everySize.resolveSibling("compare-three-stacks-warmed-every-size-again"))
                        + " in its four warm-up bursts");
        JsonNode warmed = ResultsJson.read(everySize.resolve("comparison.json"));
        assertThat(page).contains(String.format(Locale.ROOT, "Netty's `/sync` cost %.2f ms of server CPU a request at "
                        + "10,000 in round 1 and %.2f in round 2 (the reference %.2f and %.2f)",
                cpu(warmed, Challenger.NETTY.reportName(), 1), cpu(warmed, Challenger.NETTY.reportName(), 2),
                cpu(warmed, Comparison.REFERENCE, 1), cpu(warmed, Comparison.REFERENCE, 2)));
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

    private static String link(String results) {
        return "\\]\\((results/" + results + "/comparison\\.json)\\)";
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
