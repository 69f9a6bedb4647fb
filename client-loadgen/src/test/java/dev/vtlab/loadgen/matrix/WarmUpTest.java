package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run warms up by default, in rounds until steady, and its warm-up is excluded from the numbers: counted by the
 * server (its visits, the calls its web layer saw since the lab was reset) and by the summary, never timed.
 */
class WarmUpTest {

    private final HttpClient client = HttpClients.create(Duration.ofSeconds(5));

    @Test
    void a_run_warms_up_in_rounds_of_its_burst_size_and_measures_only_the_burst(@TempDir Path dir)
            throws Exception {
        try (ServerProcess server = server(dir, "--vtlab.virtual-threads.tomcat=true")) {

            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                    server.base().toString(), "--mode", "async", "--requests", "30", "--json",
                    dir.resolve("run.json").toString());

            assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
            JsonNode summary = Json.MAPPER.readTree(dir.resolve("run.json").toFile());
            assertThat(summary.path("requests").asInt()).isEqualTo(30);
            int rounds = summary.path("warmupP99Ms").size();
            assertThat(rounds).as("at least two rounds, to see a steady p99; at most five").isBetween(2, 5);
            assertThat(summary.path("warmupRequests").asInt()).as("rounds of the burst's size").isEqualTo(30 * rounds);
            assertThat(summary.path("warmupSucceeded").asInt()).isEqualTo(30 * rounds);
            assertThat(summary.path("succeeded").asInt()).isEqualTo(30);
            assertThat(summary.path("latency").path("count").asInt()).as("only the burst is timed").isEqualTo(30);
            assertThat(summary.path("visitsSaved").asInt()).as("the server saved both").isEqualTo(30 * rounds + 30);
            assertThat(outcome.out()).contains("warm-up      " + 30 * rounds + " requests to /sync in " + rounds
                    + " round(s)");
            // The lab was reset after the warm-up (which went to /sync): the server's web layer saw only the burst.
            JsonNode webEntry = summary.path("serverThreads").path("WEB_ENTRY");
            assertThat(webEntry.path("virtual").asLong() + webEntry.path("platform").asLong()).isEqualTo(30);
        }
    }

    @Test
    void warmup_0_measures_a_cold_start(@TempDir Path dir) throws Exception {
        try (ServerProcess server = server(dir)) {

            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                    server.base().toString(), "--requests", "10", "--warmup", "0", "--json",
                    dir.resolve("run.json").toString());

            assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
            JsonNode summary = Json.MAPPER.readTree(dir.resolve("run.json").toFile());
            assertThat(summary.path("warmupRequests").asInt()).isZero();
            assertThat(summary.path("warmupP99Ms")).isEmpty();
            assertThat(summary.path("visitsSaved").asInt()).isEqualTo(10);
            assertThat(outcome.out()).contains("warm-up      none (a cold start)");
        }
    }

    /** A server with 5 ms repository delays and the given flags. */
    private ServerProcess server(Path dir, String... flags) throws Exception {
        List<String> args = new ArrayList<>(List.of("--vtlab.repository.count-delay=5ms",
                "--vtlab.repository.save-delay=5ms"));
        args.addAll(List.of(flags));
        return ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(), args,
                dir.resolve("server.log"), client, Duration.ofSeconds(90), new ChildProcesses());
    }
}
