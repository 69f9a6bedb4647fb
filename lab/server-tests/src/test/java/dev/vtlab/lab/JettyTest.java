package dev.vtlab.lab;

import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab on Jetty, with the meaning it has on Tomcat: which kind of thread each setting puts under the web layer,
 * and what /lab/environment says of the server and its pool (what Jetty and Netty share: {@code OtherServersTest}).
 * Counts and names only.
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
}
