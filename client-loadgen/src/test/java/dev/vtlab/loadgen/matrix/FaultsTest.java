package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.Json;
import dev.vtlab.loadgen.load.LabClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Faults: a server killed mid-run, and a matrix stopped with SIGTERM. What was measured is kept; no orphan. */
class FaultsTest {

    /** A delay no other test uses, to find this test's servers among all processes. */
    private static final String MARKER_DELAY = "4999ms";

    private final HttpClient client = HttpClients.create(Duration.ofSeconds(5));

    @Test
    void a_server_killed_during_a_run_gives_failures_by_cause_written_files_and_exit_1(@TempDir Path dir)
            throws Exception {
        ServerProcess server = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.repository.count-delay=1s", "--vtlab.repository.save-delay=30s",
                        "--vtlab.virtual-threads.tomcat=true"),
                dir.resolve("server.log"), client, Duration.ofSeconds(90));
        try {
            CompletableFuture<CommandLineTestSupport.Outcome> run = CompletableFuture.supplyAsync(() ->
                    CommandLineTestSupport.execute("run", "--url", server.base().toString(), "--requests", "20",
                            "--timeout", "60s", "--json", dir.resolve("run.json").toString(),
                            "--csv", dir.resolve("run.csv").toString()));
            awaitRequestsInsideRepository(new LabClient(client, server.base()), 20);

            server.close(); // SIGKILL: the requests in flight lose their connections

            CommandLineTestSupport.Outcome outcome = run.get(60, TimeUnit.SECONDS);
            assertThat(outcome.exitCode()).isEqualTo(1);
            JsonNode summary = Json.MAPPER.readTree(dir.resolve("run.json").toFile());
            assertThat(summary.path("failed").asInt()).isEqualTo(20);
            assertThat(summary.path("failuresByCause").properties()).isNotEmpty();
            assertThat(summary.path("labError").asString()).contains("could not read the lab after the burst");
            assertThat(Files.readAllLines(dir.resolve("run.csv"))).hasSize(21);
        } finally {
            server.close();
        }
    }

    @Test
    void a_matrix_stopped_with_sigterm_writes_its_report_and_leaves_no_server_running(@TempDir Path out)
            throws Exception {
        Process matrix = new ProcessBuilder(ServerJar.java(), "-cp", System.getProperty("java.class.path"),
                "dev.vtlab.loadgen.LoadGenerator", "matrix", "--modes", "sync", "--flags", "T", "--requests", "20",
                "--delay", MARKER_DELAY, "--timeout", "60s", "--warmup", "0",
                "--server-jar", ServerJar.path().toString(),
                "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(out.resolveSibling(out.getFileName() + ".log").toFile())
                .start();
        try {
            Path serverLog = out.resolve("servers/T0A0W0R0.log");
            List<ProcessHandle> servers = List.of();
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (servers.isEmpty() || !Files.exists(serverLog)
                    || !Files.readString(serverLog).contains("Started VtlabServer")) {
                assertThat(matrix.isAlive()).as("the matrix ended before it could be interrupted").isTrue();
                assertThat(System.nanoTime()).as("a server started within 90 s").isLessThan(deadline);
                servers = matrix.descendants().toList();
                Thread.sleep(100);
            }

            matrix.destroy(); // SIGTERM, as Ctrl-C or a CI timeout would send

            assertThat(matrix.waitFor(60, TimeUnit.SECONDS)).isTrue();
            for (ProcessHandle server : servers) {
                server.onExit().get(30, TimeUnit.SECONDS);
                assertThat(server.isAlive()).isFalse();
            }
            // Not only the servers seen before the signal: none may have been started after it either.
            assertThat(ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().arguments().map(List::of).orElse(List.of())
                            .contains("--vtlab.repository.count-delay=" + MARKER_DELAY)))
                    .isEmpty();
            assertThat(out.resolve("report.md")).content().contains("INTERRUPTED");
            JsonNode results = Json.MAPPER.readTree(out.resolve("results.json").toFile());
            assertThat(results.path("interrupted").asBoolean()).isTrue();
            assertThat(results.path("runs")).anyMatch(r -> r.path("status").asString().equals("NOT_RUN"));
        } finally {
            matrix.destroyForcibly();
        }
    }

    /** Until every request has finished its count and waits in save (30 s), for at most 30 s. */
    private static void awaitRequestsInsideRepository(LabClient lab, int requests)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode pools = lab.threads().path("REPOSITORY_COUNT").path("pools");
            long calls = 0;
            for (JsonNode pool : pools) {
                calls += pool.path("calls").asLong();
            }
            if (calls >= requests) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the requests did not reach the repository's save within 30 s");
    }
}
