package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the lab shows on Jetty and on Netty as it does on Tomcat (whose own tests are the other classes): the server
 * and the bound set for it, no request in flight at rest, a lab port of its own, and with T on every layer of
 * {@code /sync} on virtual threads. Counts and names only.
 */
class OtherServersTest {

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
