package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.compare.Challenger;
import dev.vtlab.loadgen.compare.Comparison;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/web-servers.md quotes its comparison as the files hold it: each held-request row and each burst row is read
 * from the comparison.json it links (Tomcat, Jetty and the reference side by side), and the ratios are vtlab's p99
 * over the reference's in the same round.
 */
class WebServersPageTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/web-servers.md");
    private static final String LINK = "\\]\\((results/compare-web-servers/comparison\\.json)\\)";
    private static final List<String> SERVERS = List.of(Challenger.TOMCAT.reportName(), Challenger.JETTY.reportName(),
            Comparison.REFERENCE);

    @Test
    void every_held_request_is_the_comparisons() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, LINK).stream()
                .filter(row -> row.header().getFirst().startsWith("held request")).toList();
        assertThat(rows).as("held-request rows").hasSize(2);
        for (MarkdownTables.Row row : rows) {
            int round = Integer.parseInt(row.cells().getFirst().replaceAll("\\D", ""));
            JsonNode comparison = ResultsJson.read(row.linked());
            for (String server : SERVERS) {
                List<JsonNode> held = new ArrayList<>();
                comparison.path("heldRequests").forEach(h -> {
                    if (h.path("server").asString().equals(server)) {
                        held.add(h);
                    }
                });
                String column = server.equals(Comparison.REFERENCE) ? "reference"
                        : server.contains("Jetty") ? "Jetty" : "Tomcat";
                assertThat(row.cell(column)).as(row.where() + " " + column).isEqualTo(String.format(Locale.ROOT,
                        "%.1f", held.get(round - 1).path("perRequestBytes").asDouble() / 1024));
            }
        }
    }

    @Test
    void every_burst_is_the_comparisons() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAGE, LINK).stream()
                .filter(row -> row.header().getFirst().equals("burst")).toList();
        assertThat(rows).as("burst rows").hasSize(6);
        for (MarkdownTables.Row row : rows) {
            int requests = Integer.parseInt(row.cells().getFirst().replaceAll("\\[|\\].*|,", ""));
            int round = Integer.parseInt(row.cell("round"));
            JsonNode comparison = ResultsJson.read(row.linked());
            List<String> failed = new ArrayList<>();
            List<String> p99 = new ArrayList<>();
            for (String server : SERVERS) {
                JsonNode burst = burst(comparison, server, requests, round);
                failed.add(String.valueOf(burst.path("failed").asLong()));
                p99.add(String.format(Locale.ROOT, "%.0f", burst.path("p99Ms").asDouble()));
            }
            assertThat(row.cell("failed (Tomcat / Jetty / reference)")).as(row.where())
                    .isEqualTo(String.join(" / ", failed));
            assertThat(row.cell("p99 ms (Tomcat / Jetty / reference)")).as(row.where())
                    .isEqualTo(String.join(" / ", p99));
            double reference = burst(comparison, Comparison.REFERENCE, requests, round).path("p99Ms").asDouble();
            assertThat(row.cell("p99 over the reference's (Tomcat / Jetty)")).as(row.where()).isEqualTo(
                    String.format(Locale.ROOT, "%.2f / %.2f",
                            burst(comparison, SERVERS.get(0), requests, round).path("p99Ms").asDouble() / reference,
                            burst(comparison, SERVERS.get(1), requests, round).path("p99Ms").asDouble() / reference));
        }
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
