package dev.vtlab.bootstrap.webserver;

import dev.vtlab.bootstrap.RunningServer;
import io.netty.channel.EventLoopGroup;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.ReactorResourceFactory;
import reactor.netty.resources.LoopResources;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Netty accepts on a thread that runs no request, as Tomcat's and Jetty's acceptors do: with T off a blocking method
 * holds its event-loop thread, and were that thread also the one that accepts (Reactor Netty's default), no
 * connection would be accepted until it returned (the capacity that costs is docs/web-servers.md's, a benchmark).
 * Which thread serves is the lab's to report (lab/server-tests' NettyTest); this test holds without the lab.
 */
class NettyAcceptorTest {

    @Test
    void the_server_accepts_on_a_thread_of_its_own_and_serves_on_the_event_loops() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty",
                "--vtlab.virtual-threads.tomcat=false")) {
            LoopResources loops = server.bean(ReactorResourceFactory.class).getLoopResources();
            EventLoopGroup accepting = loops.onServerSelect(LoopResources.DEFAULT_NATIVE);
            EventLoopGroup serving = loops.onServer(LoopResources.DEFAULT_NATIVE);

            assertThat(accepting).isNotSameAs(serving);
            assertThat(accepting).hasSize(1);
            assertThat(serving).hasSize(LoopResources.DEFAULT_IO_WORKER_COUNT);
            assertThat(server.get("/sync?name=Ada").body()).contains("Hello, Ada!");
        }
    }
}
