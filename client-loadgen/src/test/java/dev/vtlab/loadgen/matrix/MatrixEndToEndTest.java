package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Matrices end to end over each axis (repository, pool size, web server), with real server processes, and a server
 * that cannot start. The tiny matrix that names T, on a core of its own, is {@link TinyMatrixTest}.
 */
@Execution(ExecutionMode.CONCURRENT) // its tests start processes of their own and wait on them: two at once
class MatrixEndToEndTest {

    /**
     * Both persistence adapters, each with its own report, and the comparison; for {@code http} the matrix starts a
     * visit store per server, counts the visits at the store, and leaves no store behind.
     */
    @Test
    void both_repositories_are_measured_side_by_side_with_writes_counted_at_the_store(@TempDir Path out)
            throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("matrix", "--modes", "async",
                "--flags", "R", "--requests", "20", "--delay", "20ms", "--warmup", "5", "--repeat", "1", "--repository", "sleepy,http",
                "--server-jar", ServerJar.path().toString(), "--out", out.toString());

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        assertThat(outcome.out()).contains("-- sleepy: sleepy/JDK", "-- http: http/JDK", "comparison.md");
        JsonNode http = Json.MAPPER.readTree(out.resolve("http/results.json").toFile());
        assertThat(http.path("settings").path("repository").asString()).isEqualTo("HTTP");
        assertThat(http.path("runs")).hasSize(2); // async with R off and on
        for (JsonNode run : http.path("runs")) {
            assertThat(run.path("status").asString()).isEqualTo("OK");
            JsonNode summary = run.path("summary");
            assertThat(summary.path("serverEnvironment").path("repository").asString()).isEqualTo("http");
            assertThat(summary.path("visitsSaved").asLong())
                    .isEqualTo(summary.path("succeeded").asLong() + summary.path("warmupSucceeded").asLong());
            assertThat(summary.path("lostWrites").asInt()).isZero();
        }
        assertThat(out.resolve("sleepy/report.md")).content().contains("sleepy repository");
        assertThat(out.resolve("http/report.md")).content().contains("http repository", "Repository: http.");
        assertThat(out.resolve("http/servers/T0A0W0R1-http.log")).content().contains("visit store on");
        assertThat(out.resolve("comparison.md")).content()
                .contains("| async | R |", "sleepy p99 ms", "http lost writes", "[http](http/report.md)");
        assertThat(ProcessesLeft.startedFor(out)).isEmpty();
    }

    /**
     * The JDBC adapter over two pool sizes: a database process (H2 over TCP) per server, visits counted in the
     * database, each report stating the pool's bound and a verdict, and no database left behind.
     */
    @Test
    void the_jdbc_repository_is_measured_per_pool_size_with_writes_counted_in_the_database(@TempDir Path out)
            throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("matrix", "--modes", "sync",
                "--flags", "R", "--requests", "20", "--delay", "20ms", "--warmup", "5", "--repeat", "1",
                "--repository", "jdbc", "--pool-size", "2,20", "--server-jar", ServerJar.path().toString(),
                "--out", out.toString());

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        assertThat(outcome.out()).contains("-- pool2: jdbc/JDK", "/pool 2/bulkhead off", "-- pool20: jdbc/JDK");
        for (String pool : List.of("pool2", "pool20")) {
            JsonNode results = Json.MAPPER.readTree(out.resolve(pool + "/results.json").toFile());
            assertThat(results.path("settings").path("repository").asString()).isEqualTo("JDBC");
            assertThat(results.path("runs")).hasSize(1); // sync, with R held off: R does not act on sync
            for (JsonNode run : results.path("runs")) {
                assertThat(run.path("status").asString()).isEqualTo("OK");
                JsonNode summary = run.path("summary");
                assertThat(summary.path("serverEnvironment").path("repository").asString()).isEqualTo("jdbc");
                assertThat(summary.path("serverEnvironment").path("pool").path("size").asInt())
                        .isEqualTo(Integer.parseInt(pool.substring(4)));
                assertThat(summary.path("visitsSaved").asLong())
                        .isEqualTo(summary.path("succeeded").asLong() + summary.path("warmupSucceeded").asLong());
                assertThat(summary.path("lostWrites").asInt()).isZero();
            }
            assertThat(out.resolve(pool + "/report.md")).content().contains("jdbc repository", "Repository: jdbc.",
                    "The pool's bound against what was measured", "| pool's bound ms |");
            assertThat(out.resolve(pool + "/servers/T0A0W0R0-jdbc.log")).content().contains("database at jdbc:h2:tcp");
        }
        assertThat(out.resolve("pool2/report.md")).content().contains("| T0 A0 W0 R0 | 2 | off | 400 | 16 |");
        assertThat(ProcessesLeft.startedFor(out)).isEmpty();
    }

    /**
     * The web server as an axis: Tomcat, and Jetty with Spring Boot's switch, each with its own report, side by side;
     * every run says which server served it, and with Boot's switch alone Jetty runs Boot's pool of 200 tasks.
     */
    @Test
    void each_web_server_is_measured_side_by_side_and_named_in_every_report(@TempDir Path out) throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("matrix", "--modes", "sync",
                "--flags", "R", "--requests", "20", "--delay", "20ms", "--warmup", "5", "--repeat", "1",
                "--web-server", "tomcat,jetty-boot", "--server-jar", ServerJar.path().toString(),
                "--out", out.toString());

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        assertThat(outcome.out()).contains("-- tomcat: sleepy/JDK", "/tomcat/guard none",
                "-- jetty-boot: sleepy/JDK", "/jetty with Boot's switch/guard none", "comparison.md");
        JsonNode jetty = Json.MAPPER.readTree(out.resolve("jetty-boot/results.json").toFile());
        assertThat(jetty.path("settings").path("webServer").asString()).isEqualTo("jetty-boot");
        JsonNode bootsPool = jetty.path("runs").get(0).path("summary").path("serverEnvironment").path("webServer");
        // The run asked for T0; Boot's switch makes the server report T and A on.
        assertThat(jetty.path("runs").get(0).path("flags").asString()).isEqualTo("T0 A0 W0 R0");
        assertThat(jetty.path("runs").get(0).path("summary").path("serverEnvironment").path("flags").path("label")
                .asString()).isEqualTo("T1 A1 W0 R0");
        assertThat(bootsPool.path("name").asString()).isEqualTo("jetty");
        assertThat(bootsPool.path("executor").asString()).isEqualTo("VirtualThreadPool");
        assertThat(bootsPool.path("maxThreads").asInt()).isEqualTo(200);
        JsonNode tomcat = Json.MAPPER.readTree(out.resolve("tomcat/results.json").toFile());
        assertThat(tomcat.path("runs").get(0).path("summary").path("serverEnvironment").path("webServer")
                .path("name").asString()).isEqualTo("tomcat");
        assertThat(out.resolve("jetty-boot/report.md")).content().contains("jetty with Boot's switch", "Jetty");
        assertThat(ProcessesLeft.startedFor(out)).isEmpty();
    }

    @Test
    void a_server_that_cannot_start_is_recorded_and_the_matrix_goes_on(@TempDir Path out) {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("matrix", "--modes", "sync",
                "--flags", "T", "--requests", "5", "--delay", "1ms", "--warmup", "0", "--repeat", "1",
                "--server-arg", "vtlab.repository.count-delays=1ms", "--server-jar", ServerJar.path().toString(),
                "--out", out.toString());

        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(outcome.out()).contains("[ 2/2]", "servers that did not start: 2");
        // a misspelt key the matrix does not set itself: the server refuses it at start-up, naming it
        assertThat(out.resolve("report.md")).content().contains("SERVER_FAILED", "vtlab.repository.count-delays");
        assertThat(ProcessesLeft.startedFor(out)).isEmpty();
    }
}
