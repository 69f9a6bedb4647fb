package dev.vtlab.lab;

import dev.vtlab.bootstrap.RunningServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Graceful shutdown loses nothing: a request in flight when the server is told to stop still gets its full
 * response, on Tomcat's platform pool and on virtual threads (T), and on Netty (T on). Once per run by default; as a stress loop with
 * {@code -Dstress.shutdowns=50} (docs/decisions.md has the results).
 */
class GracefulShutdownTest {

    private static final int SHUTDOWNS = Integer.getInteger("stress.shutdowns", 1);

    @ParameterizedTest(name = "{0} T {1}")
    @CsvSource({"tomcat, false", "tomcat, true", "netty, true"})
    void a_request_in_flight_completes_during_shutdown(String webServer, boolean tomcatVirtual) throws Exception {
        List<String> lost = new ArrayList<>();
        for (int i = 1; i <= SHUTDOWNS; i++) {
            try {
                HttpResponse<String> response = oneShutdownWithARequestInFlight(webServer, tomcatVirtual);
                if (response.statusCode() != 200 || !response.body().contains("Hello, Late!")) {
                    lost.add("shutdown " + i + ": HTTP " + response.statusCode() + " " + response.body());
                }
            } catch (ExecutionException e) {
                // The JDK client retries a GET whose connection closed without an answer: a lost response shows
                // as the retry's ConnectException.
                lost.add("shutdown " + i + ": " + e.getCause());
            }
        }
        System.out.printf("graceful shutdown, %s T %s: %d shutdowns with a request in flight, %d responses lost%n",
                webServer, tomcatVirtual, SHUTDOWNS, lost.size());
        assertThat(lost).isEmpty();
    }

    private static HttpResponse<String> oneShutdownWithARequestInFlight(String webServer, boolean tomcatVirtual)
            throws Exception {
        RunningServer server = RunningServer.start(tomcatVirtual, false, false, false, "--vtlab.web-server=" + webServer,
                "--vtlab.repository.count-delay=100ms", "--vtlab.repository.save-delay=500ms");
        try (ExecutorService client = Executors.newVirtualThreadPerTaskExecutor()) {
            CompletableFuture<HttpResponse<String>> inFlight =
                    CompletableFuture.supplyAsync(() -> server.get("/sync?name=Late"), client);
            // The lab records count when it returns: from then on the request waits 500 ms inside save.
            Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                    .until(() -> !server.bean(ThreadPlacement.class).snapshot().get(Layer.REPOSITORY_COUNT).pools().isEmpty());

            server.close();

            return inFlight.get(30, TimeUnit.SECONDS);
        }
    }
}
