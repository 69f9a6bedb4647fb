package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab on Jetty, with the meaning it has on Tomcat: which kind of thread each setting puts under the web layer,
 * and what /lab/environment and /lab/load say of the server, its pool and its bound. Counts and names only.
 */
class JettyTest {

    /**
     * T off: Jetty's QueuedThreadPool of 200 platform threads; T on: a virtual thread per request, at most as many
     * at once as the connections it holds; Spring Boot's switch alone: Boot's VirtualThreadPool, which runs at most
     * server.jetty.threads.max (200) at once.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "--vtlab.virtual-threads.tomcat=false, PLATFORM, qtp\\d+-, QueuedThreadPool, 200",
            "--vtlab.virtual-threads.tomcat=true, VIRTUAL, vt-jetty-, VirtualThreadPool, BOUND",
            "--spring.threads.virtual.enabled=true, VIRTUAL, jetty-, VirtualThreadPool, 200"})
    void each_setting_puts_its_threads_under_the_web_layer(String setting, ThreadKind kind, String pool,
                                                          String executor, String maxThreads) {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=jetty", setting)) {
            assertThat(server.get("/sync?name=Ada").statusCode()).isEqualTo(200);
            ThreadPlacement.LayerPlacement entry = server.bean(ThreadPlacement.class).snapshot().get(Layer.WEB_ENTRY);
            assertThat(entry.pools()).singleElement().satisfies(seen -> {
                assertThat(seen.kind()).isEqualTo(kind);
                assertThat(seen.pool()).matches(pool);
            });
            LabEnvironment.WebServerLimits limits = server.bean(LabController.class).environment().webServer();
            assertThat(limits.name()).isEqualTo("jetty");
            assertThat(limits.executor()).isEqualTo(executor);
            assertThat(limits.acceptCount()).isEqualTo(4096);
            assertThat(limits.maxKeepAliveRequests()).as("one request per connection, as on Tomcat").isEqualTo(1);
            assertThat(limits.maxThreads()).isEqualTo(maxThreads.equals("BOUND") ? limits.maxConnections()
                    : Integer.parseInt(maxThreads));
        }
    }

    @Test
    void the_lab_reports_jetty_its_pool_and_its_bound() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=jetty",
                "--server.jetty.max-connections=1234")) {
            assertThat(server.get("/lab/environment").body()).contains("\"webServer\":{\"name\":\"jetty\"",
                    "\"maxConnections\":1234,", "\"acceptCount\":4096");
            assertThat(server.get("/lab/load").body()).isEqualTo("{\"inFlight\":0}");
        }
    }

    @Test
    void a_lab_port_serves_the_lab_outside_jettys_main_connector() throws IOException {
        int port = Downstreams.portNoOneIsGiven();
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=jetty", "--vtlab.lab.port=" + port,
                "--server.jetty.max-connections=1")) {
            assertThat(server.rawGet(URI.create("http://127.0.0.1:" + port), "/lab/environment"))
                    .startsWith("HTTP/1.1 200").contains("\"name\":\"jetty\"");
        }
    }

    /** Every layer of /sync ran on the kind the setting chose: no other thread takes part. */
    @Test
    void with_t_on_every_layer_of_sync_runs_on_jettys_virtual_threads() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=jetty",
                "--vtlab.virtual-threads.tomcat=true")) {
            server.get("/sync?name=Ada");
            for (Layer layer : List.of(Layer.WEB_ENTRY, Layer.REPOSITORY_COUNT, Layer.REPOSITORY_SAVE)) {
                assertThat(server.bean(ThreadPlacement.class).snapshot().get(layer).virtual()).as("%s", layer)
                        .isEqualTo(1);
            }
        }
    }
}
