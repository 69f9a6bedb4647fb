package dev.vtlab.bootstrap;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab is detachable: the server packaged without it (target/vtlab-server-without-lab.jar, made by the build
 * before this runs) starts, greets, has no {@code /lab}, and flag T still moves the request threads. Without the
 * lab nothing reports threads, so the proof is Tomcat's own access log, whose {@code %I} is the name of the thread
 * that served the request. The meters on the management port stay: they are the service's. The two servers, T on
 * and T off, start side by side: processes of their own, on ports of their own.
 */
@Execution(ExecutionMode.CONCURRENT)
class ServerWithoutLabIT {

    private static final Path JAR = Path.of("target", "vtlab-server-without-lab.jar");
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @ParameterizedTest(name = "T {0}: /sync served by {1}...")
    @CsvSource({"true, vt-tomcat-", "false, http-nio-"})
    void the_server_runs_without_the_lab_and_flag_t_still_moves_the_request_threads(boolean tomcat,
                                                                                    String threadPrefix,
                                                                                    @TempDir Path dir)
            throws Exception {
        assertThat(JAR).isRegularFile();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertThat(jar.stream().map(entry -> entry.getName()))
                    .noneMatch(name -> name.contains("vtlab-lab"))
                    .anyMatch(name -> name.contains("vtlab-adapters"));
        }
        Path ports = dir.resolve("ports.properties");
        Process server = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElseThrow(),
                RunnerWatch.optionForChildren(), ListeningPorts.optionForChildren(ports), "-jar",
                JAR.toAbsolutePath().toString(), "--server.port=0", "--management.server.port=0", "--vtlab.repository.count-delay=0ms",
                "--vtlab.repository.save-delay=0ms", "--vtlab.virtual-threads.tomcat=" + tomcat,
                "--server.tomcat.accesslog.enabled=true", "--server.tomcat.accesslog.directory=" + dir,
                "--server.tomcat.accesslog.prefix=access", "--server.tomcat.accesslog.suffix=.log",
                "--server.tomcat.accesslog.file-date-format=", "--server.tomcat.accesslog.buffered=false",
                "--server.tomcat.accesslog.pattern=%r %s %I"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile()).start();
        try (HttpClient client = HttpClient.newHttpClient()) {
            Map<String, Integer> bound = boundPorts(ports, server, dir);
            URI base = URI.create("http://127.0.0.1:" + bound.get(ListeningPorts.HTTP));

            HttpResponse<String> greeting = get(client, base.resolve("/sync?name=Ada"));
            HttpResponse<String> lab = get(client, base.resolve("/lab/threads"));
            HttpResponse<String> meters = get(client, URI.create("http://127.0.0.1:"
                    + bound.get(ListeningPorts.MANAGEMENT) + "/actuator/prometheus"));

            assertThat(greeting.statusCode()).isEqualTo(200);
            assertThat(greeting.body()).contains("\"message\":\"Hello, Ada! You are visitor number 1.\"")
                    .doesNotContain("acceptedBy");
            assertThat(lab.statusCode()).isEqualTo(404);
            // The meters are the service's, not the lab's: they stay.
            assertThat(meters.statusCode()).isEqualTo(200);
            assertThat(meters.body()).contains("http_server_requests_seconds_count{")
                    .contains("uri=\"/sync\"");
            assertThat(Files.readString(dir.resolve("access.log")))
                    .containsPattern("GET /sync\\?name=Ada HTTP/1.1 200 " + threadPrefix);
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static HttpResponse<String> get(HttpClient client, URI uri) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The ports the server reports once it serves; fails with its log if it exits or misses the deadline. */
    private static Map<String, Integer> boundPorts(Path ports, Process server, Path dir) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (System.nanoTime() < deadline && server.isAlive()) {
            Optional<Map<String, Integer>> bound = ListeningPorts.read(ports);
            if (bound.isPresent()) {
                return bound.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the server without the lab did not serve within " + DEADLINE + ":\n"
                + Files.readString(dir.resolve("server.log")));
    }
}
