package dev.vtlab.loadgen.docs;

import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.matrix.ServerJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/find-a-pin.sh does what docs/jdk-21-vs-25.md says it does, on a JDK 21 where the build looks (skipped,
 * saying why, without one): the pinned events it prints name vtlab's {@code synchronized} block, the lab counted
 * some, and it leaves the thread dump it promises. It needs only the server's jar (the load generator's is built
 * after this test runs).
 */
class FindAPinScriptTest {

    @Test
    void on_jdk_21_the_script_prints_the_pins_of_the_synchronized_guard(@TempDir Path out) throws Exception {
        JdkFinder.Jdk jdk21 = ServerJar.jdk21OrSkip();
        Path printed = out.resolve("printed.txt");
        Process script = new ProcessBuilder("bash", "docs/find-a-pin.sh", jdk21.home().toString(),
                out.resolve("pin").toString()).directory(CommandChecks.root().toFile()).redirectErrorStream(true)
                .redirectOutput(printed.toFile()).start();
        boolean ended = script.waitFor(180, TimeUnit.SECONDS);
        if (!ended) {
            script.descendants().forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
        }

        String output = Files.readString(printed);
        assertThat(ended).as("the script ended within 180 s: %s", output).isTrue();
        assertThat(script.exitValue()).as(output).isZero();
        assertThat(output).contains("jdk.VirtualThreadPinned {", "parkOnCarrierThread",
                "dev.vtlab.adapters.out.sleepy.Connections.use");
        assertThat(output).containsPattern("\"virtualThreadsPinned\":[1-9]");
        assertThat(out.resolve("pin/threads.json")).isNotEmptyFile();
    }
}
