package dev.vtlab.bootstrap;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Netty loads its native transport with {@code System.loadLibrary}, a restricted method: on JDK 24 and later, unless
 * native access is granted, the JVM prints four lines of "WARNING: A restricted method ..." at start-up. The server
 * jars grant it in their manifest ({@code Enable-Native-Access: ALL-UNNAMED}, which {@code java -jar} honours for
 * all code on the class path), so the server on Netty starts without them.
 */
class NativeAccessIT {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @ParameterizedTest
    @ValueSource(strings = {"vtlab-server.jar", "vtlab-server-without-lab.jar"})
    void each_server_jar_grants_native_access_in_its_manifest(String jar) throws IOException {
        try (JarFile file = new JarFile(Path.of("target", jar).toFile())) {
            assertThat(file.getManifest().getMainAttributes().getValue("Enable-Native-Access"))
                    .isEqualTo("ALL-UNNAMED");
        }
    }

    @Test
    void the_server_on_netty_starts_without_a_native_access_warning(@TempDir Path dir) throws Exception {
        Path jar = Path.of("target", "vtlab-server.jar");
        Path ports = dir.resolve("ports.properties");
        Path log = dir.resolve("server.log");
        Process server = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElseThrow(),
                RunnerWatch.optionForChildren(), ListeningPorts.optionForChildren(ports), "-jar",
                jar.toAbsolutePath().toString(), "--vtlab.web-server=netty", "--server.port=0",
                "--management.server.port=0"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (ListeningPorts.read(ports).isEmpty() && server.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            String output = Files.readString(log);
            assertThat(ListeningPorts.read(ports)).as("the server serves, in:%n%s", output).isPresent();
            assertThat(output).as("Netty serves").contains("Netty started on port");
            assertThat(output.lines().filter(line -> line.startsWith("WARNING:")))
                    .as("the JVM's warnings").noneMatch(line -> line.contains("restricted method")
                            || line.contains("native access") || line.contains("--enable-native-access"));
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }
}
