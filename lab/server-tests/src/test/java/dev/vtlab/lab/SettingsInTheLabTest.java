package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import dev.vtlab.bootstrap.webserver.InFlightBound;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the server was told, as /lab/environment reports it: the flags Spring's own switch overrides, the guard, the
 * pool, the in-flight bound, and the lab's own port. The server logs the same at start-up (bootstrap's
 * StartupSettingsTest); here the lab must say what it is measuring.
 */
class SettingsInTheLabTest {

    @Test
    void the_lab_reports_the_flags_spring_virtual_threads_overrides() {
        try (RunningServer server = RunningServer.start(false, false, true, false,
                "--spring.threads.virtual.enabled=true")) {
            assertThat(server.get("/lab/environment").body()).contains("\"label\":\"T1 A1 W1 R0\"")
                    .contains("\"springVirtualThreads\":true");
        }
    }

    @Test
    void the_lab_reports_the_guard() {
        try (RunningServer server = RunningServer.start(true, false, false, false,
                "--vtlab.repository.guard=reentrant-lock")) {
            assertThat(server.get("/lab/environment").body()).contains("\"repositoryGuard\":\"reentrant-lock\"");
        }
    }

    @Test
    void the_lab_reports_the_pool() {
        try (RunningServer server = RunningServer.startWith("--vtlab.repository.kind=jdbc",
                "--vtlab.repository.pool-size=7", "--vtlab.repository.max-concurrent=20")) {
            assertThat(server.get("/lab/environment").body()).contains("\"repository\":\"jdbc\"",
                    "\"repositoryUrl\":\"jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab\"",
                    "\"pool\":{\"size\":7,\"timeoutMs\":30000,\"maxConcurrent\":20}");
        }
    }

    @Test
    void the_lab_reports_the_in_flight_bound_derived_or_set() {
        int bound = InFlightBound.maxConnections(Runtime.getRuntime().maxMemory(), InFlightBound.SLEEPY_REQUEST_BYTES);
        try (RunningServer server = RunningServer.startWith()) {
            assertThat(server.get("/lab/environment").body()).contains("\"maxConnections\":" + bound + ",")
                    .contains("\"acceptCount\":4096");
        }
        try (RunningServer server = RunningServer.startWith("--server.tomcat.max-connections=1234")) {
            assertThat(server.get("/lab/environment").body()).contains("\"maxConnections\":1234,");
        }
    }

    @Test
    void a_lab_port_serves_the_lab_outside_the_main_connector() throws IOException {
        int port = Downstreams.portNoOneIsGiven();
        try (RunningServer server = RunningServer.startWith("--vtlab.lab.port=" + port,
                "--server.tomcat.max-connections=1")) {
            assertThat(server.rawGet(URI.create("http://127.0.0.1:" + port), "/lab/environment"))
                    .startsWith("HTTP/1.1 200");
        }
    }
}
