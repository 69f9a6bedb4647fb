package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.compare.Challenger;
import dev.vtlab.loadgen.compare.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/web-servers.md quotes its comparisons as the files hold them: each held-request row and each burst row is
 * read from the comparison.json it links, its columns named by the servers the header lists (Tomcat, Jetty, Netty
 * sync, Netty wrapped and the reference), and the ratios are vtlab's p99 over the reference's in the same round.
 * Four comparisons: Tomcat and Jetty (compare-web-servers), and the three stacks (compare-three-stacks, again once
 * Netty accepted on a thread of its own: compare-three-stacks-accepting-thread, and once more with the collector's
 * share of the CPU: compare-three-stacks-collector, whose share rows are checked as well).
 */
class WebServersPageTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/web-servers.md");
    /** How a header names each server, and how the comparison does. */
    private static final Map<String, String> SERVERS = Map.of("Tomcat", Challenger.TOMCAT.reportName(),
            "Jetty", Challenger.JETTY.reportName(), "Netty sync", Challenger.NETTY.reportName(),
            "Netty wrapped", Challenger.NETTY_WRAPPED.reportName(), "reference", Comparison.REFERENCE);

    @ParameterizedTest
    @CsvSource({"compare-web-servers, 2", "compare-three-stacks, 2", "compare-three-stacks-accepting-thread, 2",
            "compare-three-stacks-collector, 2"})
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
            "compare-three-stacks-collector, 8"})
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

    @Test
    void every_collector_share_is_the_comparisons() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, link("compare-three-stacks-collector"))
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
