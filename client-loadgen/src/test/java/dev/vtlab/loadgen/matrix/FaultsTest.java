package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.labclient.ServerThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"tomcat", "jetty"})
    void a_server_killed_during_a_run_gives_failures_by_cause_written_files_and_exit_1(String webServer,
                                                                                     @TempDir Path dir)
            throws Exception {
        ServerProcess server = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.repository.count-delay=1s", "--vtlab.repository.save-delay=30s",
                        "--vtlab.virtual-threads.tomcat=true", "--vtlab.web-server=" + webServer),
                dir.resolve("server.log"), client, Duration.ofSeconds(90), new ChildProcesses());
        try {
            CompletableFuture<CommandLineTestSupport.Outcome> run = CompletableFuture.supplyAsync(() ->
                    CommandLineTestSupport.execute("run", "--url", server.base().toString(), "--requests", "20",
                            "--warmup", "0", "--timeout", "60s", "--json", dir.resolve("run.json").toString(),
                            "--csv", dir.resolve("run.csv").toString()));
            awaitRequestsInsideRepository(new LabClient(client, server.base()), 20);

            server.close(); // SIGKILL: the requests in flight lose their connections

            CommandLineTestSupport.Outcome outcome = run.get(60, TimeUnit.SECONDS);
            assertThat(outcome.exitCode()).isEqualTo(1);
            JsonNode summary = Json.MAPPER.readTree(dir.resolve("run.json").toFile());
            assertThat(summary.path("failed").asInt()).isEqualTo(20);
            assertThat(summary.path("failuresByCause").properties()).isNotEmpty();
            assertThat(summary.path("labError").asString()).contains("could not read the lab after the burst");
            assertThat(summary.path("lostWrites").isNull()).as("unknown, not 0").isTrue();
            assertThat(outcome.out()).contains("lost writes  unknown (the visit count could not be read");
            assertThat(Files.readAllLines(dir.resolve("run.csv"))).hasSize(21);
        } finally {
            server.close();
        }
    }

    @Test
    void a_matrix_stopped_with_sigterm_writes_its_report_and_leaves_no_server_or_store_running(@TempDir Path out)
            throws Exception {
        Process matrix = startMatrixInItsOwnJvm(out);
        try {
            List<ProcessHandle> children = awaitServerStarted(matrix, out);

            matrix.destroy(); // SIGTERM, as Ctrl-C or a CI timeout would send

            assertThat(matrix.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertAllExitWithin(children, Duration.ofSeconds(30));
            assertThat(out.resolve("report.md")).content().contains("INTERRUPTED");
            JsonNode results = Json.MAPPER.readTree(out.resolve("results.json").toFile());
            assertThat(results.path("interrupted").asBoolean()).isTrue();
            assertThat(results.path("runs")).anyMatch(r -> r.path("status").asString().equals("NOT_RUN"));
        } finally {
            matrix.destroyForcibly();
        }
    }

    /** SIGKILL gives the matrix no chance to stop its children: they notice it is gone and exit by themselves. */
    @Test
    void a_matrix_killed_with_sigkill_leaves_no_server_or_store_running(@TempDir Path out) throws Exception {
        Process matrix = startMatrixInItsOwnJvm(out);
        try {
            List<ProcessHandle> children = awaitServerStarted(matrix, out);

            matrix.destroyForcibly(); // SIGKILL: no shutdown hook runs

            assertThat(matrix.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertAllExitWithin(children, Duration.ofSeconds(10));
        } finally {
            matrix.destroyForcibly();
        }
    }

    /** A matrix over the HTTP adapter, so that each server has a visit store too; tagged with the marker delay. */
    private static Process startMatrixInItsOwnJvm(Path out) throws IOException {
        return CommandLineTestSupport.inItsOwnJvm("matrix", "--modes", "sync", "--flags", "T", "--requests", "20",
                "--delay", MARKER_DELAY, "--timeout", "60s", "--warmup", "0", "--repeat", "1", "--repository", "http",
                "--server-jar", ServerJar.path().toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(out.resolveSibling(out.getFileName() + ".log").toFile())
                .start();
    }

    /** Waits (at most 90 s) until the first server has started; returns the matrix's children at that moment. */
    private static List<ProcessHandle> awaitServerStarted(Process matrix, Path out) throws Exception {
        Path serverLog = out.resolve("servers/T0A0W0R0.log");
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!Files.exists(serverLog) || !Files.readString(serverLog).contains("Started VtlabServer")) {
            assertThat(matrix.isAlive()).as("the matrix ended before it could be interrupted").isTrue();
            assertThat(System.nanoTime()).as("a server started within 90 s").isLessThan(deadline);
            Thread.sleep(100);
        }
        List<ProcessHandle> children = matrix.descendants().toList();
        assertThat(children).as("a server and its visit store").hasSizeGreaterThanOrEqualTo(2);
        return children;
    }

    /**
     * Every child seen exits in time, and no process tagged with this test's marker delay is left: not only the
     * children seen before the signal, none may have been started after it either.
     */
    private static void assertAllExitWithin(List<ProcessHandle> children, Duration limit) throws Exception {
        for (ProcessHandle child : children) {
            child.onExit().get(limit.toSeconds(), TimeUnit.SECONDS);
            assertThat(child.isAlive()).isFalse();
        }
        assertThat(ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments().map(List::of).orElse(List.of()).stream()
                        .anyMatch(arg -> arg.contains(MARKER_DELAY))))
                .isEmpty();
    }

    /** Until every request has finished its count and waits in save (30 s), for at most 30 s. */
    private static void awaitRequestsInsideRepository(LabClient lab, int requests)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            long calls = lab.threads().pools(ServerLayer.REPOSITORY_COUNT).stream().mapToLong(ServerThreads.Pool::calls).sum();
            if (calls >= requests) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the requests did not reach the repository's save within 30 s");
    }
}
