package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The matrix's guards are the server's: a server given a guard it does not know refuses to start and lists the
 * ones it knows, and they are exactly {@link GuardSetting}'s. A guard renamed or added on either side fails here.
 */
class GuardsContractTest {

    private static final Pattern ALLOWED = Pattern.compile("allowed values are ([a-z, -]+?)\\.");

    @Test
    void the_server_knows_exactly_the_guards_the_matrix_offers(@TempDir Path dir) {
        HttpClient client = HttpClients.create(Duration.ofSeconds(5));
        ChildProcesses children = new ChildProcesses();

        assertThatThrownBy(() -> ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.repository.guard=no-such-guard"), dir.resolve("server.log"), client,
                Duration.ofSeconds(90), children))
                .isInstanceOf(ServerProcess.ServerStartException.class)
                .satisfies(refused -> {
                    Matcher allowed = ALLOWED.matcher(refused.getMessage());
                    assertThat(allowed.find()).as(refused.getMessage()).isTrue();
                    List<String> serverGuards = Arrays.asList(allowed.group(1).split(", | and "));
                    assertThat(serverGuards).containsExactlyInAnyOrderElementsOf(GuardSetting.labels());
                });
        children.killAll();
    }
}
