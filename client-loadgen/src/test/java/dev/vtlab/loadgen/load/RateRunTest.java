package dev.vtlab.loadgen.load;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coordinated omission, shown: a fake server stalls for 1 s in the middle of a run whose client may hold only 2
 * requests at once. The requests due during the stall cannot be sent until it ends; timed from their send, they look
 * fast, timed from their due time, they show the second they waited. The run must report the second.
 */
class RateRunTest {

    private static final Duration STALL_FROM = Duration.ofMillis(1000);
    private static final Duration STALL_UNTIL = Duration.ofMillis(2000);

    private HttpServer server;
    private final AtomicLong firstRequest = new AtomicLong();

    @Test
    void latency_from_the_due_time_shows_a_stall_that_latency_from_the_send_hides() throws Exception {
        RateSummary summary = run(new Schedule(200, Duration.ofSeconds(3), Arrivals.UNIFORM, Schedule.DEFAULT_SEED),
                2, Duration.ZERO);

        assertThat(summary.outcome().succeeded()).isEqualTo(600);
        assertThat(summary.outcome().latency().p99Ms()).as("from due: the stall").isGreaterThan(900);
        assertThat(summary.outcome().latencyFromSend().p99Ms()).as("from send: hidden").isLessThan(500);
        assertThat(summary.schedule().lateRequests()).as("sent after the stall, counted").isGreaterThan(100);
        assertThat(summary.schedule().inFlightPeak()).isEqualTo(2);
        assertThat(summary.seconds()).extracting(RateSummary.Second::offered).startsWith(200, 200, 200);
        assertThat(summary.seconds().stream().mapToInt(RateSummary.Second::completed).sum()).isEqualTo(600);
    }

    @Test
    void the_warm_up_time_is_sent_and_left_out_of_every_figure() throws Exception {
        RateSummary summary = run(new Schedule(100, Duration.ofMillis(800), Arrivals.UNIFORM,
                Schedule.DEFAULT_SEED), 100, Duration.ofMillis(300));

        assertThat(summary.outcome().failed()).isZero();
        assertThat(summary.run().warmupRequests()).isEqualTo(30);
        assertThat(summary.run().requests()).isEqualTo(50);
        assertThat(summary.outcome().latency().count()).isEqualTo(50);
        assertThat(summary.minutes()).singleElement().extracting(RateSummary.Minute::completed).isEqualTo(50);
    }

    /** {@code schedule} sent to a fresh stalling server, at most {@code maxInFlight} at once, summed up. */
    private RateSummary run(Schedule schedule, int maxInFlight, Duration warmup) throws Exception {
        URI uri = stallingServer();
        RateRun.Recording recording = new RateRun(Duration.ofSeconds(5), Duration.ofSeconds(10))
                .run(uri, schedule, maxInFlight, null, null);
        return RateSummary.of(recording, schedule, warmup, "sync", uri.toString(), 0, null, null, null);
    }

    /** Answers 200 at once, except that a request arriving between 1 s and 2 s after the first waits until 2 s. */
    private URI stallingServer() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            long now = System.nanoTime();
            firstRequest.compareAndSet(0, now);
            long since = now - firstRequest.get();
            if (since >= STALL_FROM.toNanos() && since < STALL_UNTIL.toNanos()) {
                try {
                    Thread.sleep(Duration.ofNanos(STALL_UNTIL.toNanos() - since));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/sync");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
