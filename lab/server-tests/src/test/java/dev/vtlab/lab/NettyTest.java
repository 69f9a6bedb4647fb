package dev.vtlab.lab;

import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.netty.resources.LoopResources;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab on Netty (Spring WebFlux), with the meaning it has on Tomcat and Jetty: which kind of thread each setting
 * puts under the web layer, and what /lab/environment says of where its blocking methods run (what Jetty and Netty
 * share: {@code OtherServersTest}). Counts and names only.
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
}
