package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A warm-up round is what the server's tightest resource serves in half a request's time-out, and no more. */
class WarmUpRoundTest {

    private static final ServerEnvironment.WebServerLimits PLATFORM =
            new ServerEnvironment.WebServerLimits("tomcat", "org.apache.tomcat.util.threads.ThreadPoolExecutor", 200, 8192, 4096,
                    2000, 1, 4096, "2048/2048");
    private static final ServerEnvironment.WebServerLimits VIRTUAL =
            new ServerEnvironment.WebServerLimits("tomcat", "org.apache.tomcat.util.threads.VirtualThreadExecutor", 200, 3328,
                    4096, 2000, 1, 4096, "2048/2048");

    @Test
    void a_pool_of_10_at_2_s_a_request_serves_75_in_half_of_its_30_s_wait() {
        WarmUpRound round = WarmUpRound.of(2000, server(VIRTUAL, new ServerEnvironment.Pool(10, 30_000, null)),
                Duration.ofSeconds(60));

        assertThat(round.size()).isEqualTo(75);
        assertThat(round.note()).isEqualTo("75 at a time, not 2000: what a pool of 10 connections serve in half "
                + "of the 30000 ms a request may wait, at 2000 ms a request");
    }

    @Test
    void the_client_timeout_binds_when_it_is_shorter_than_the_pools_wait() {
        assertThat(WarmUpRound.of(100, server(VIRTUAL, new ServerEnvironment.Pool(2, 30_000, null)),
                Duration.ofSeconds(10)).size()).isEqualTo(5);
    }

    @Test
    void tomcats_200_threads_serve_a_seed_warm_up_of_2000_in_time_so_it_is_unchanged() {
        WarmUpRound round = WarmUpRound.of(2000, server(PLATFORM, null), Duration.ofSeconds(60));

        assertThat(round.size()).isEqualTo(2000);
        assertThat(round.note()).isNull();
    }

    @Test
    void with_virtual_request_threads_the_connection_bound_is_the_resource() {
        WarmUpRound round = WarmUpRound.of(20_000, server(VIRTUAL, null), Duration.ofSeconds(2));

        assertThat(round.size()).isEqualTo(1664);
        assertThat(round.note()).contains("Tomcat's 3328 connections");
    }

    private static ServerEnvironment server(ServerEnvironment.WebServerLimits tomcat, ServerEnvironment.Pool pool) {
        return new ServerEnvironment(new ServerEnvironment.Flags(false, false, false, false, "T0 A0 W0 R0"), false,
                "25", "test", 2, 1, 512L << 20, tomcat, 1000, 1000, pool == null ? "sleepy" : "jdbc", null, "none",
                null, pool, null, null);
    }
}
