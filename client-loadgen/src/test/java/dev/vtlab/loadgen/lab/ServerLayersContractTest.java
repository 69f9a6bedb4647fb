package dev.vtlab.loadgen.lab;

import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The load generator's names for the server's layers are the server's own: the real server's {@code /lab/threads}
 * names exactly the layers of {@link ServerLayer}, in its order. A layer renamed, added or removed on either side
 * fails here, not in a report that silently shows an empty column.
 */
class ServerLayersContractTest {

    private final HttpClient client = HttpClients.create(Duration.ofSeconds(5));

    @Test
    void the_server_reports_exactly_the_layers_the_load_generator_knows(@TempDir Path dir) throws Exception {
        ChildProcesses children = new ChildProcesses();
        try (ServerProcess server = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.repository.count-delay=5ms", "--vtlab.repository.save-delay=5ms"),
                dir.resolve("server.log"), client, Duration.ofSeconds(90), children)) {

            ServerThreads threads = new LabClient(client, server.base()).threads();

            assertThat(threads.layers().keySet())
                    .containsExactlyElementsOf(Arrays.stream(ServerLayer.values()).map(Enum::name).toList());
        } finally {
            children.killAll();
        }
    }
}
