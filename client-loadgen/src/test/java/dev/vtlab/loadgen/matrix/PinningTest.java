package dev.vtlab.loadgen.matrix;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.report.Pinning;
import org.assertj.core.api.AbstractLongAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pinning made visible, by counting JFR's {@code jdk.VirtualThreadPinned} events in the server, never by timing:
 * with T on and the sleepy repository guarded by {@code synchronized}, each request's virtual thread sleeps while
 * holding a monitor. That pins its carrier on JDK 21 to 23 and not from JDK 24 on (JEP 491).
 * <p>
 * Only the pins in the repository's wait are counted (the sites {@link Pinning#inTheRepositorysWait(String)} names,
 * as the report does): a class loaded for the first time pins on any JDK, and which class a burst happens to load
 * first is not this test's question. (A CI run on JDK 25 once counted 2 pinned events in the second burst when
 * this test still counted every site; it did not say where, so a failure now names every site the server saw.)
 */
@Execution(ExecutionMode.CONCURRENT) // its tests start processes of their own and wait on them: two at once
class PinningTest {

    private static final int REQUESTS = 40;

    private final HttpClient client = HttpClients.create(Duration.ofSeconds(5));

    @Test
    void on_the_jdk_the_build_runs_a_synchronized_guard_pins_only_before_jdk_24(@TempDir Path dir) throws Exception {
        JdkFinder.Jdk jdk = JdkFinder.running();

        JsonNode synchronizedGuard = serverJvm(jdk, "synchronized", dir);

        if (jdk.feature() >= 24) {
            assertThatPinsInTheWait(synchronizedGuard, "JDK %s: JEP 491, sleeping in synchronized does not pin",
                    jdk.version()).isZero();
        } else {
            assertThatPinsInTheWait(synchronizedGuard, "JDK %s pins a virtual thread that sleeps in synchronized",
                    jdk.version()).isPositive();
        }
    }

    @Test
    void on_jdk_21_a_synchronized_guard_pins_and_a_reentrant_lock_does_not(@TempDir Path dir) throws Exception {
        JdkFinder.Jdk jdk21 = ServerJar.jdk21OrSkip();

        JsonNode synchronizedGuard = serverJvm(jdk21, "synchronized", dir.resolve("synchronized"));
        assertThatPinsInTheWait(synchronizedGuard, "synchronized on JDK 21").isPositive();
        assertThat(synchronizedGuard.path("pinnedSites").propertyNames())
                .as("the lab says where: the sleepy adapter's synchronized guard, in vtlab's own code")
                .anyMatch(site -> site.startsWith("vtlab: dev.vtlab.adapters.out.sleepy."));
        assertThatPinsInTheWait(serverJvm(jdk21, "reentrant-lock", dir.resolve("lock")), "a ReentrantLock on JDK 21")
                .isZero();
    }

    /**
     * The JDBC adapter on H2 over TCP (a database process, as the matrix runs it), T and R on: every request's
     * virtual thread waits inside the driver's socket read while it holds a pooled connection. Counted on the
     * build's JDK and, when one is found, on a JDK 21: neither H2 2.4's driver nor HikariCP 7 blocks in a
     * monitor there, so nothing pins on either (docs/pools.md has the seed-sized runs).
     */
    @Test
    void the_jdbc_adapter_on_h2_pins_no_carrier_on_the_build_jdk_or_on_jdk_21(@TempDir Path dir) throws Exception {
        assertThatPinsInTheWait(jdbcServerJvm(JdkFinder.running(), dir.resolve("build")), "JDBC, the build's JDK")
                .isZero();
        assertThatPinsInTheWait(jdbcServerJvm(ServerJar.jdk21OrSkip(), dir.resolve("21")), "JDBC, JDK 21").isZero();
    }

    /**
     * The pinned events at sites in the repository's wait, to assert on; every site the server saw is in the
     * description, so a failure says where the pins were.
     */
    private static AbstractLongAssert<?> assertThatPinsInTheWait(JsonNode serverJvm, String what, Object... args) {
        long inTheWait = serverJvm.path("pinnedSites").properties().stream()
                .filter(site -> Pinning.inTheRepositorysWait(site.getKey()))
                .mapToLong(site -> site.getValue().asLong()).sum();
        return assertThat(inTheWait).as("%s; pinned at %s", String.format(what, args), serverJvm.path("pinnedSites"));
    }

    private JsonNode jdbcServerJvm(JdkFinder.Jdk jdk, Path dir) throws Exception {
        Files.createDirectories(dir);
        ChildProcesses children = new ChildProcesses();
        try (ServerProcess database = ServerProcess.start(ServerJar.java(), List.of(), ServerJar.downstreamPath(),
                List.of("database", "--port", "0", "--stats-port", "0"), "/stats", dir.resolve("database.log"),
                client, Duration.ofSeconds(60), children)) {
            return secondBurst(jdk, dir, "--vtlab.repository.kind=jdbc",
                    "--vtlab.repository.url=jdbc:h2:tcp://127.0.0.1:" + database.port(ListeningPorts.DATABASE)
                            + "/mem:vtlab;USER=sa;PASSWORD=", "--vtlab.repository.pool-size=" + REQUESTS,
                    "--vtlab.virtual-threads.repository=true").path("serverJvm");
        }
    }

    /** The server's JVM figures for the second burst with this guard. */
    private JsonNode serverJvm(JdkFinder.Jdk jdk, String guard, Path dir) throws Exception {
        JsonNode summary = secondBurst(jdk, dir, "--vtlab.repository.guard=" + guard);
        assertThat(summary.path("serverEnvironment").path("repositoryGuard").asString()).isEqualTo(guard);
        return summary.path("serverJvm");
    }

    /**
     * Starts a server on {@code jdk} with T on and the settings, fires two small bursts and returns the summary of
     * the second. The first matters: on a fresh server, a virtual thread that loads a class holds the class
     * loader's lock in a native frame and pins on any JDK (6 such events in the first burst on JDK 25 here, in
     * {@code ClassLoader.loadClass}); those are not the guard's.
     */
    private JsonNode secondBurst(JdkFinder.Jdk jdk, Path dir, String... settings) throws Exception {
        Files.createDirectories(dir);
        List<String> args = new java.util.ArrayList<>(List.of("--vtlab.virtual-threads.tomcat=true",
                "--vtlab.repository.count-delay=50ms", "--vtlab.repository.save-delay=50ms"));
        args.addAll(List.of(settings));
        try (ServerProcess server = ServerProcess.startServer(jdk.java().toString(), ServerJar.path(), List.of(),
                args, dir.resolve("server.log"), client, Duration.ofSeconds(90), new ChildProcesses())) {
            burst(server, dir.resolve("first.json"));
            JsonNode summary = burst(server, dir.resolve("second.json"));
            assertThat(summary.path("serverEnvironment").path("javaVersion").asString()).isEqualTo(jdk.version());
            assertThat(summary.path("failed").asLong()).as("every request of the burst succeeded").isZero();
            return summary;
        }
    }

    private static JsonNode burst(ServerProcess server, Path json) throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                server.base().toString(), "--requests", String.valueOf(REQUESTS), "--json", json.toString());
        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        return Json.MAPPER.readTree(json.toFile());
    }
}
