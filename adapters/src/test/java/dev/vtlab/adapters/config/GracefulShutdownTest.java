package dev.vtlab.adapters.config;

import dev.vtlab.adapters.RunningServer;
import dev.vtlab.adapters.lab.Layer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On shutdown (what SIGTERM triggers) the server finishes a request in flight before it stops. Tomcat runs on its
 * platform pool here: with T on, 2 of about 10 full-suite runs lost the response at the very end (see
 * docs/decisions.md, "Graceful shutdown").
 */
class GracefulShutdownTest {

    @Test
    void a_request_in_flight_completes_during_shutdown() throws Exception {
        RunningServer server = RunningServer.start(false, false, false, false,
                "--vtlab.repository.count-delay=1s", "--vtlab.repository.save-delay=1s");
        try (var client = Executors.newVirtualThreadPerTaskExecutor()) {
            CompletableFuture<HttpResponse<String>> inFlight =
                    CompletableFuture.supplyAsync(() -> server.get("/sync?name=Late"), client);
            while (server.placement().get(Layer.REPOSITORY_COUNT).pools().isEmpty()) {
                Thread.onSpinWait(); // the request is inside the repository once count has been recorded
            }

            server.close();

            HttpResponse<String> response = inFlight.join();
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("Hello, Late!");
        }
    }
}
