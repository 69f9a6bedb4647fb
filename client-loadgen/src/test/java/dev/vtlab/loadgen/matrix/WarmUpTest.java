package dev.vtlab.loadgen.matrix;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

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

    /**
     * A warm-up round that mostly fails warms nothing and only fills queues: it stops after that round and says
     * so. Here every visit fails (the server's database does not exist, a 502) once the pool has waited its
     * 250 ms for a connection (HikariCP's default, 30 s, made this test wait a minute), so round 1 is the last.
     */
    @Test
    void a_warm_up_stops_after_a_round_that_mostly_failed(@TempDir Path dir) throws Exception {
        try (ServerProcess server = server(dir, "--vtlab.repository.kind=jdbc",
                "--vtlab.repository.url=jdbc:h2:tcp://127.0.0.1:1/mem:vtlab;USER=sa;PASSWORD=",
                "--vtlab.repository.pool-timeout=250ms")) {

            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                    server.base().toString(), "--requests", "10", "--json", dir.resolve("run.json").toString());

            assertThat(outcome.exitCode()).as("the burst fails too").isEqualTo(1);
            JsonNode summary = Json.MAPPER.readTree(dir.resolve("run.json").toFile());
            assertThat(summary.path("warmupP99Ms")).as("one round, not up to five").hasSize(1);
            assertThat(summary.path("warmupRequests").asInt()).isEqualTo(10);
            assertThat(summary.path("warmupNote").asString()).startsWith("stopped after round 1: 10 of 10 failed "
                    + "{HTTP 502 UNREACHABLE=10}, which warms nothing");
            assertThat(outcome.out()).contains("stopped after round 1");
        }
    }

    /**
     * The lab counts the requests the server holds, whatever their style, until each is answered: what a runner
     * waits on before it measures (the summary says how long it waited).
     */
    @Test
    void the_lab_counts_the_requests_the_server_holds_until_each_is_answered(@TempDir Path dir) throws Exception {
        try (ServerProcess server = server(dir, "--vtlab.repository.count-delay=500ms",
                "--vtlab.repository.save-delay=500ms", "--vtlab.virtual-threads.tomcat=true")) {
            LabClient lab = new LabClient(client, server.uri(ListeningPorts.LAB));
            assertThat(lab.load().inFlight()).isZero();

            List<CompletableFuture<HttpResponse<Void>>> held = new ArrayList<>();
            for (String path : List.of("/sync", "/async", "/wrapped", "/callable")) {
                held.add(client.sendAsync(HttpRequest.newBuilder(server.base().resolve(path))
                        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding()));
            }
            assertThat(countReaches(lab, 4)).as("all four held at once").isTrue();
            for (CompletableFuture<HttpResponse<Void>> response : held) {
                assertThat(response.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
            assertThat(countReaches(lab, 0)).as("none held once answered").isTrue();

            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                    server.base().toString(), "--requests", "2", "--warmup", "0");
            assertThat(outcome.out()).containsPattern("quiet +waited \\d+ ms for the server to hold no request");
        }
    }

    /** Whether the lab's count reaches {@code expected} within 20 s. */
    private static boolean countReaches(LabClient lab, int expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            if (lab.load().inFlight() == expected) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** A server with the given settings, and 5 ms repository delays unless they set others. */
    private ServerProcess server(Path dir, String... settings) throws Exception {
        List<String> args = new ArrayList<>(List.of(settings));
        for (String delay : List.of("--vtlab.repository.count-delay=", "--vtlab.repository.save-delay=")) {
            if (args.stream().noneMatch(arg -> arg.startsWith(delay))) {
                args.add(delay + "5ms");
            }
        }
        return ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(), args,
                dir.resolve("server.log"), client, Duration.ofSeconds(90), new ChildProcesses());
    }
}
