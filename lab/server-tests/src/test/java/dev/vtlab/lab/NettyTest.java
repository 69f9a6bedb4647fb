package dev.vtlab.lab;

import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab on Netty (Spring WebFlux) where WebFlux differs from Spring MVC: a method that returns a future is taken on
 * the event loop (what Netty shares with Jetty, which threads each setting gives the web layer among it, is
 * {@code OtherServersTest}). Names only.
 */
class NettyTest {

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
}
