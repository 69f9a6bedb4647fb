package dev.vtlab.loadgen.ceilings;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ceilings} on a service that is not vtlab (a JDBC pool of 4, no {@code /lab}), through Actuator's JSON:
 * it finds the pool from the meters alone, names the meter to watch, runs its steps and writes what it measured.
 * Counts and names are asserted, never rates, nor which ceiling binds.
 */
class CeilingsEndToEndTest {

    @Test
    void the_pool_of_a_service_that_is_not_vtlab_is_found_from_its_meters_and_searched(@TempDir Path dir)
            throws Exception {
        ChildProcesses children = new ChildProcesses();
        try (ServerProcess orders = ServerProcess.start(ServerJar.java(), List.of(), ServerJar.otherServicePath(),
                List.of("--server.port=0", "--management.server.port=0", "--orders.query-time=100ms"),
                "/orders/count", dir.resolve("orders.log"), HttpClients.create(Duration.ofSeconds(5)),
                Duration.ofSeconds(90), children)) {

            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("ceilings",
                    "--url", orders.base() + "/orders/count",
                    "--metrics", orders.uri(ListeningPorts.MANAGEMENT) + "/actuator/metrics",
                    "--probe-rate", "5", "--probe-time", "5s", "--step-time", "3s", "--step-warmup", "1s",
                    "--bisections", "0", "--max-rate", "16", "--output-dir", dir.resolve("out").toString());

            assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isIn(0, 1);
            assertThat(outcome.out()).contains("(ACTUATOR)", "JDBC pool orders-pool",
                    "watch hikaricp_connections_pending{pool=\"orders-pool\"}", "binding: ");
            JsonNode result = Json.MAPPER.readTree(dir.resolve("out/ceilings.json").toFile());
            // Which ceiling binds is a measurement (a service just started spends CPU on its JIT, and on a busy
            // machine the CPU's ceiling can come out lowest): asserted is that the pool is found, with its size.
            List<JsonNode> pools = new java.util.ArrayList<>();
            result.path("probe").path("ceilings").forEach(c -> {
                if (c.path("kind").asString().equals("JDBC_POOL")) {
                    pools.add(c);
                }
            });
            assertThat(pools).singleElement().satisfies(pool -> {
                assertThat(pool.path("key").asString()).isEqualTo("orders-pool");
                assertThat(pool.path("size").asDouble()).isEqualTo(4.0);
            });
            // The first step is the most asked for; whether it held (and a lower one followed) is a measurement.
            assertThat(result.path("steps")).isNotEmpty();
            assertThat(result.path("steps").get(0).path("offeredRate").asDouble()).isEqualTo(16.0);
            assertThat(result.path("finished").asBoolean()).isTrue();
            assertThat(Files.readString(dir.resolve("out/ceilings.md")))
                    .contains("| JDBC pool orders-pool | 4.0 |", "`hikaricp_connections_pending{pool=\"orders-pool\"}`");
        } finally {
            children.killAll();
        }
    }
}
