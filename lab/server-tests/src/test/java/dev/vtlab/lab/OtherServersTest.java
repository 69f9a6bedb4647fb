package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.netty.resources.LoopResources;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the lab shows on Jetty and on Netty as it does on Tomcat (whose own tests are the other classes): which kind
 * of thread each setting puts under the web layer, the server and the bound set for it, no request in flight at
 * rest, a lab port of its own, and with T on every layer of {@code /sync} on virtual threads. Counts and names only.
 */
class OtherServersTest {

    /**
     * On Jetty, T off: its QueuedThreadPool of 200 platform threads; T on: a virtual thread per request, at most as
     * many at once as the connections it holds; Spring Boot's switch alone: Boot's VirtualThreadPool, which runs at
     * most server.jetty.threads.max (200) at once. On Netty, T off: blocking methods run on the event loop, a few
     * platform threads (the classic mistake); T on: a virtual thread each; Boot's switch alone: Boot hands them to
     * {@code applicationTaskExecutor}, whose threads its switch makes virtual. Netty does not tell its accept queue.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "jetty, --vtlab.virtual-threads.tomcat=false, PLATFORM, qtp\\d+-, QueuedThreadPool, 200, 4096",
            "jetty, --vtlab.virtual-threads.tomcat=true, VIRTUAL, vt-jetty-, VirtualThreadPool, BOUND, 4096",
            "jetty, --spring.threads.virtual.enabled=true, VIRTUAL, jetty-, VirtualThreadPool, 200, 4096",
            "netty, --vtlab.virtual-threads.tomcat=false, PLATFORM, reactor-http-(epoll|nio)-, event loop, LOOP, -1",
            "netty, --vtlab.virtual-threads.tomcat=true, VIRTUAL, vt-webflux-, virtual threads (vt-webflux-), LOOP, -1",
            "netty, --spring.threads.virtual.enabled=true, VIRTUAL, vt-app-task-, applicationTaskExecutor (virtual), "
                    + "LOOP, -1"})
    void each_setting_puts_its_threads_under_the_web_layer(String webServer, String setting, ThreadKind kind,
                                                          String pool, String executor, String maxThreads,
                                                          int acceptCount) {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=" + webServer, setting)) {
            assertThat(server.get("/sync?name=Ada").statusCode()).isEqualTo(200);
            ThreadPlacement.LayerPlacement entry = server.bean(ThreadPlacement.class).snapshot().get(Layer.WEB_ENTRY);
            assertThat(entry.pools()).singleElement().satisfies(seen -> {
                assertThat(seen.kind()).isEqualTo(kind);
                assertThat(seen.pool()).matches(pool);
            });
            LabEnvironment.WebServerLimits limits = server.bean(LabController.class).environment().webServer();
            assertThat(limits.name()).isEqualTo(webServer);
            assertThat(limits.executor()).isEqualTo(executor);
            assertThat(limits.acceptCount()).isEqualTo(acceptCount);
            assertThat(limits.maxKeepAliveRequests()).as("one request per connection, as on Tomcat").isEqualTo(1);
            assertThat(limits.maxThreads()).isEqualTo(switch (maxThreads) {
                case "BOUND" -> limits.maxConnections();
                case "LOOP" -> LoopResources.DEFAULT_IO_WORKER_COUNT; // the event loop's threads
                default -> Integer.parseInt(maxThreads);
            });
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jetty", "netty"})
    void the_lab_reports_the_server_its_bound_and_nothing_in_flight_at_rest(String webServer) {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=" + webServer,
                "--server." + webServer + ".max-connections=1234")) {
            assertThat(server.get("/lab/environment").body()).contains("\"webServer\":{\"name\":\"" + webServer + "\"",
                    "\"maxConnections\":1234,");
            assertThat(server.get("/lab/load").body()).isEqualTo("{\"inFlight\":0}");
        }
    }

    /** With room for one connection on the main server, the lab still answers on its own port. */
    @ParameterizedTest
    @ValueSource(strings = {"jetty", "netty"})
    void a_lab_port_serves_the_lab_outside_the_main_server(String webServer) throws IOException {
        int port = Downstreams.portNoOneIsGiven();
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=" + webServer,
                "--vtlab.lab.port=" + port, "--server." + webServer + ".max-connections=1")) {
            assertThat(server.rawGet(URI.create("http://127.0.0.1:" + port), "/lab/environment"))
                    .startsWith("HTTP/1.1 200").contains("\"name\":\"" + webServer + "\"");
        }
    }

    /** Every layer of /sync ran on the kind the setting chose: no other thread takes part. */
    @ParameterizedTest
    @ValueSource(strings = {"jetty", "netty"})
    void with_t_on_every_layer_of_sync_runs_on_virtual_threads(String webServer) {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=" + webServer,
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
