package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.netty.resources.LoopResources;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab on Netty (Spring WebFlux), with the meaning it has on Tomcat and Jetty: which kind of thread each setting
 * puts under the web layer, and what /lab/environment and /lab/load say of the server, where its blocking methods
 * run and its bound. Counts and names only.
 */
class NettyTest {

    /**
     * T off: blocking methods run on Netty's event loop, a few platform threads (the classic mistake); T on: a
     * virtual thread each; Spring Boot's switch alone: Boot hands them to {@code applicationTaskExecutor}, whose
     * threads its switch makes virtual.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "--vtlab.virtual-threads.tomcat=false, PLATFORM, reactor-http-(epoll|nio)-, event loop",
            "--vtlab.virtual-threads.tomcat=true, VIRTUAL, vt-webflux-, virtual threads (vt-webflux-)",
            "--spring.threads.virtual.enabled=true, VIRTUAL, vt-app-task-, applicationTaskExecutor (virtual)"})
    void each_setting_puts_its_threads_under_the_web_layer(String setting, ThreadKind kind, String pool,
                                                          String executor) {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty", setting)) {
            assertThat(server.get("/sync?name=Ada").statusCode()).isEqualTo(200);
            ThreadPlacement.LayerPlacement entry = server.bean(ThreadPlacement.class).snapshot().get(Layer.WEB_ENTRY);
            assertThat(entry.pools()).singleElement().satisfies(seen -> {
                assertThat(seen.kind()).isEqualTo(kind);
                assertThat(seen.pool()).matches(pool);
            });
            LabEnvironment.WebServerLimits limits = server.bean(LabController.class).environment().webServer();
            assertThat(limits.name()).isEqualTo("netty");
            assertThat(limits.executor()).isEqualTo(executor);
            assertThat(limits.maxThreads()).as("the event loop's threads").isEqualTo(
                    LoopResources.DEFAULT_IO_WORKER_COUNT);
            assertThat(limits.maxKeepAliveRequests()).as("one request per connection, as on Tomcat").isEqualTo(1);
        }
    }

    /** A method that returns a future runs on the event loop whatever T says: it only starts the wait. */
    @Test
    void a_future_is_taken_on_the_event_loop_and_completed_where_the_waiting_happened() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty",
                "--vtlab.virtual-threads.tomcat=true", "--vtlab.virtual-threads.wrapper=true")) {
            assertThat(server.get("/wrapped?name=Ada").body()).containsPattern(
                    "\"acceptedBy\":\\{[^}]*\"pool\":\"reactor-http-(epoll|nio)-\",\"kind\":\"PLATFORM\"}")
                    .contains("\"completedBy\":{\"name\":\"vt-wrapper-");
        }
    }

    @Test
    void the_lab_reports_netty_its_bound_and_nothing_in_flight_at_rest() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty",
                "--server.netty.max-connections=1234")) {
            assertThat(server.get("/lab/environment").body()).contains("\"webServer\":{\"name\":\"netty\"",
                    "\"maxConnections\":1234,");
            assertThat(server.get("/lab/load").body()).isEqualTo("{\"inFlight\":0}");
        }
    }

    @Test
    void a_lab_port_serves_the_lab_outside_nettys_main_event_loop() throws IOException {
        int port = Downstreams.portNoOneIsGiven();
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty", "--vtlab.lab.port=" + port)) {
            assertThat(server.rawGet(URI.create("http://127.0.0.1:" + port), "/lab/environment"))
                    .startsWith("HTTP/1.1 200").contains("\"name\":\"netty\"");
        }
    }

    /** Every layer of /sync ran on the kind the setting chose: no other thread takes part. */
    @Test
    void with_t_on_every_layer_of_sync_runs_on_virtual_threads() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty",
                "--vtlab.virtual-threads.tomcat=true")) {
            server.get("/sync?name=Ada");
            for (Layer layer : List.of(Layer.WEB_ENTRY, Layer.WEB_COMPLETION, Layer.REPOSITORY_COUNT,
                    Layer.REPOSITORY_SAVE)) {
                assertThat(server.bean(ThreadPlacement.class).snapshot().get(layer).virtual()).as("%s", layer)
                        .isEqualTo(1);
            }
        }
    }
}
