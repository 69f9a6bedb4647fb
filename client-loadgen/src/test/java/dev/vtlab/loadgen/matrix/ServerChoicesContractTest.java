package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The choices the load generator offers for a server setting are the server's: a server given a value it does not
 * know refuses to start and lists the ones it knows, and they are exactly the load generator's ({@link GuardSetting}
 * for {@code vtlab.repository.guard}, {@link FanOutWay} for {@code vtlab.fan-out}). A choice renamed or added on
 * either side fails here.
 */
class ServerChoicesContractTest {

    private static final Pattern ALLOWED = Pattern.compile("allowed values are ([a-z, -]+?)\\.");

    static Stream<Arguments> choices() {
        return Stream.of(Arguments.of("vtlab.repository.guard", GuardSetting.labels()),
                Arguments.of("vtlab.fan-out", FanOutWay.labels()));
    }

    @ParameterizedTest
    @MethodSource("choices")
    void the_server_knows_exactly_the_choices_the_load_generator_offers(String key, List<String> offered,
                                                                       @TempDir Path dir) {
        HttpClient client = HttpClients.create(Duration.ofSeconds(5));
        ChildProcesses children = new ChildProcesses();

        assertThatThrownBy(() -> ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--" + key + "=no-such-choice"), dir.resolve("server.log"), client,
                Duration.ofSeconds(90), children))
                .isInstanceOf(ServerProcess.ServerStartException.class)
                .satisfies(refused -> {
                    Matcher allowed = ALLOWED.matcher(refused.getMessage());
                    assertThat(allowed.find()).as(refused.getMessage()).isTrue();
                    List<String> serverChoices = Arrays.asList(allowed.group(1).split(", | and "));
                    assertThat(serverChoices).containsExactlyInAnyOrderElementsOf(offered);
                });
        children.killAll();
    }
}
