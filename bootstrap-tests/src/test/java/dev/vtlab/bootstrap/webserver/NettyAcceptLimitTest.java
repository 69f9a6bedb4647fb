package dev.vtlab.bootstrap.webserver;

import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Netty's in-flight bound keeps what is past it in the kernel's queue, as Tomcat's and Jetty's do: with room for two
 * connections, five requests at once are all served, the last ones once the first have closed. (Reactor Netty's
 * own {@code maxConnections} closes each connection past its limit: three of the five would fail.)
 */
class NettyAcceptLimitTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void connections_past_the_bound_wait_in_the_kernels_queue_and_are_all_served() {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty",
                "--vtlab.virtual-threads.tomcat=true", "--server.netty.max-connections=2",
                "--vtlab.repository.count-delay=200ms", "--vtlab.repository.save-delay=200ms");
             HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            List<CompletableFuture<HttpResponse<String>>> requests = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                requests.add(client.sendAsync(HttpRequest.newBuilder(server.base().resolve("/sync?name=q" + i))
                        .timeout(DEADLINE).build(), HttpResponse.BodyHandlers.ofString()));
            }

            for (CompletableFuture<HttpResponse<String>> request : requests) {
                assertThat(request).succeedsWithin(DEADLINE).extracting(HttpResponse::statusCode).isEqualTo(200);
            }
        }
    }
}
