package dev.vtlab.loadgen.load;

import com.sun.net.httpserver.HttpServer;
import dev.vtlab.loadgen.labclient.LabClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wait for a quiet server, against a fake lab that answers the counts a draining or a stuck server would. */
class QuietServerTest {

    private HttpServer lab;
    private final AtomicInteger reads = new AtomicInteger();

    @Test
    void waits_until_the_server_holds_no_request() throws Exception {
        Iterator<Integer> draining = List.of(3, 2, 1, 0).iterator();
        LabClient client = fakeLab(draining::next);

        Duration waited = QuietServer.await(client, Duration.ofSeconds(30));

        assertThat(reads.get()).as("read until the count reached 0").isEqualTo(4);
        assertThat(waited).isPositive();
    }

    @Test
    void a_server_that_does_not_drain_by_the_deadline_is_not_measured() throws Exception {
        LabClient client = fakeLab(() -> 5);
        // A clock on which each read of the lab takes 100 ms, whatever the machine's speed: the 300 ms deadline
        // falls exactly at the third read.
        LongSupplier clock = () -> Duration.ofMillis(100).toNanos() * reads.get();

        assertThatThrownBy(() -> QuietServer.await(client, Duration.ofMillis(300), clock))
                .isInstanceOf(QuietServer.NotQuietException.class)
                .hasMessageContaining("the server still held 5 request(s) after 0 s")
                .hasMessageContaining("not measured");
        assertThat(reads.get()).as("it kept asking until the deadline").isEqualTo(3);
    }

    @Test
    void a_quiet_server_costs_one_read() throws Exception {
        LabClient client = fakeLab(() -> 0);

        QuietServer.await(client, Duration.ofSeconds(30));

        assertThat(reads.get()).isEqualTo(1);
    }

    private LabClient fakeLab(IntSupplier inFlight) throws Exception {
        lab = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        lab.createContext("/lab/load", exchange -> {
            reads.incrementAndGet();
            byte[] body = ("{\"inFlight\":" + inFlight.getAsInt() + ",\"openConnections\":0,\"heapUsedBytes\":1,"
                    + "\"platformThreads\":1,\"poolActive\":null,\"poolWaiting\":null}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        lab.start();
        return new LabClient(HttpClient.newHttpClient(),
                URI.create("http://127.0.0.1:" + lab.getAddress().getPort()));
    }

    @AfterEach
    void stop() {
        if (lab != null) {
            lab.stop(0);
        }
    }
}
