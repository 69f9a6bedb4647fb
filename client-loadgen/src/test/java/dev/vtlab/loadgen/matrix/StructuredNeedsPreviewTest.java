package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server jar on the build's JDK without {@code --enable-preview} (the one option {@link FanOutWay#STRUCTURED}
 * adds) refuses {@code vtlab.fan-out=structured} at start-up, naming the key and the flag: the structured scope's
 * class files need the preview features of a JDK 25 (on any other JDK, or in a build without the adapter, it says
 * that instead).
 */
class StructuredNeedsPreviewTest {

    @Test
    void structured_on_a_jvm_without_preview_features_stops_start_up_naming_the_key_and_the_flag(@TempDir Path dir) {
        ChildProcesses children = new ChildProcesses();
        try {
            assertThatThrownBy(() -> ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                    List.of("--vtlab.fan-out=structured"), dir.resolve("server.log"),
                    HttpClients.create(Duration.ofSeconds(5)), Duration.ofSeconds(90), children))
                    .isInstanceOf(ServerProcess.ServerStartException.class)
                    .satisfies(refused -> assertThat(refused.getMessage())
                            .contains("Invalid value 'structured' for vtlab.fan-out",
                                    "structured needs JDK 25 started with --enable-preview")
                            .containsAnyOf("this JDK 25 was started without --enable-preview", "this is JDK ",
                                    "this server was built without it"));
        } finally {
            children.killAll();
        }
    }
}
