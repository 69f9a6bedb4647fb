package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Pinning made visible, by counting JFR's {@code jdk.VirtualThreadPinned} events in the server, never by timing:
 * with T on and the sleepy repository guarded by {@code synchronized}, each request's virtual thread sleeps while
 * holding a monitor. That pins its carrier on JDK 21 to 23 and not from JDK 24 on (JEP 491).
 */
class PinningTest {

    private static final int REQUESTS = 40;

    private final HttpClient client = HttpClients.create(Duration.ofSeconds(5));

    @Test
    void on_the_jdk_the_build_runs_a_synchronized_guard_pins_only_before_jdk_24(@TempDir Path dir) throws Exception {
        JdkFinder.Jdk jdk = JdkFinder.running();

        long pinned = pinnedEvents(jdk, "synchronized", dir);

        if (jdk.feature() >= 24) {
            assertThat(pinned).as("JDK %s: JEP 491, sleeping in synchronized does not pin", jdk.version()).isZero();
        } else {
            assertThat(pinned).as("JDK %s pins a virtual thread that sleeps in synchronized", jdk.version())
                    .isPositive();
        }
    }

    @Test
    void on_jdk_21_a_synchronized_guard_pins_and_a_reentrant_lock_does_not(@TempDir Path dir) throws Exception {
        JdkFinder.Jdk jdk21;
        try {
            jdk21 = JdkFinder.ofThisMachine().find("21");
        } catch (JdkFinder.NotFoundException e) {
            assumeTrue(false, "skipped: " + e.getMessage() + " (README: getting a JDK 21)");
            return;
        }

        assertThat(pinnedEvents(jdk21, "synchronized", dir.resolve("synchronized"))).isPositive();
        assertThat(pinnedEvents(jdk21, "reentrant-lock", dir.resolve("lock"))).isZero();
    }

    /**
     * Starts a server on {@code jdk} with T on and the guard, fires two small bursts and returns the pinned events of
     * the second. The first matters: on a fresh server, a virtual thread that loads a class holds the class
     * loader's lock in a native frame and pins on any JDK (6 such events in the first burst on JDK 25 here, in
     * {@code ClassLoader.loadClass}); those are not the guard's.
     */
    private long pinnedEvents(JdkFinder.Jdk jdk, String guard, Path dir) throws Exception {
        Files.createDirectories(dir);
        try (ServerProcess server = ServerProcess.startServer(jdk.java().toString(), ServerJar.path(), List.of(),
                List.of("--vtlab.virtual-threads.tomcat=true", "--vtlab.repository.guard=" + guard,
                        "--vtlab.repository.count-delay=50ms", "--vtlab.repository.save-delay=50ms"),
                dir.resolve("server.log"), client, Duration.ofSeconds(90), new ChildProcesses())) {
            burst(server, dir.resolve("first.json"));
            JsonNode summary = burst(server, dir.resolve("second.json"));
            assertThat(summary.path("serverEnvironment").path("javaVersion").asString()).isEqualTo(jdk.version());
            assertThat(summary.path("serverEnvironment").path("repositoryGuard").asString()).isEqualTo(guard);
            return summary.path("serverJvm").path("virtualThreadsPinned").asLong();
        }
    }

    private static JsonNode burst(ServerProcess server, Path json) throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                server.base().toString(), "--requests", String.valueOf(REQUESTS), "--json", json.toString());
        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        return Json.MAPPER.readTree(json.toFile());
    }
}
