package dev.vtlab.loadgen.matrix;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A short rate run against a real server: every request counted once, the server's lab and its meters sampled each
 * second.
 */
class RateRunEndToEndTest {

    @Test
    void a_rate_run_measures_what_was_due_after_the_warm_up_and_samples_the_server(@TempDir Path dir)
            throws Exception {
        try (ServerProcess server = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.virtual-threads.tomcat=true", "--vtlab.repository.count-delay=50ms",
                        "--vtlab.repository.save-delay=50ms"), dir.resolve("server.log"),
                HttpClients.create(Duration.ofSeconds(5)), Duration.ofSeconds(90), new ChildProcesses())) {

            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                    server.base().toString(), "--rate", "50", "--duration", "3s", "--warmup-time", "1s", "--json",
                    dir.resolve("rate.json").toString(), "--metrics", server.uri(ListeningPorts.MANAGEMENT)
                            + "/actuator/prometheus", "--histogram-log", dir.resolve("rate.hlog").toString());

            assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
            JsonNode summary = Json.MAPPER.readTree(dir.resolve("rate.json").toFile());
            assertThat(summary.path("offeredRate").asDouble()).isEqualTo(50.0);
            assertThat(summary.path("warmupRequests").asInt()).isEqualTo(50);
            assertThat(summary.path("requests").asInt()).isEqualTo(100);
            assertThat(summary.path("succeeded").asInt()).isEqualTo(100);
            assertThat(summary.path("lostWrites").asInt()).isZero();
            assertThat(summary.path("visitsSaved").asInt()).as("warm-up included").isEqualTo(150);
            assertThat(summary.path("latency").path("count").asInt()).isEqualTo(100);
            assertThat(summary.path("seconds").size()).isGreaterThanOrEqualTo(3);
            assertThat(summary.path("seconds").get(1).path("server").path("heapUsedBytes").asLong()).isPositive();
            assertThat(summary.path("seconds").get(1).path("meters").path("http_server_requests_seconds_count{uri="
                    + "\"/sync\"}").asDouble()).as("the meters, read apart from the lab").isPositive();
            assertThat(summary.path("seconds").get(1).path("meterReadMs").isNumber()).isTrue();
            assertThat(summary.path("minutes")).hasSize(1);
            assertThat(summary.path("server").path("flags").path("label").asString()).isEqualTo("T1 A0 W0 R0");
            assertThat(Files.readString(dir.resolve("rate.hlog"))).contains("#[Histogram log format version");
            assertThat(outcome.out()).contains("offered      50.0 req/s, uniform arrivals, for 3 s",
                    "succeeded    100", "lost writes  0", "meters       read ");
        }
    }
}
