package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tiny matrix, end to end: real server processes, sync mode, T off and on, a Tomcat pool shrunk to 4 threads so
 * that T's effect is large. The only timing the suite relies on: 50 requests of 2 x 100 ms through 4 threads take
 * at least 13 waves x 200 ms, while with T on they all wait at once. (With 2 x 20 ms the server's CPU, on its one
 * core and cold, was a large part of T on's p99, and a fresh clone's run once found T of no effect.)
 * <p>
 * The matrix runs in a JVM of its own, as a reader runs it: it pins its JVM to cores of its own, which this JVM, and
 * the processes other test classes start beside it, must not inherit.
 */
class TinyMatrixTest {

    /** The matrix's four bursts and its two server starts, with room for a busy machine. */
    private static final Duration DEADLINE = Duration.ofSeconds(180);

    /**
     * Also with the server on a core of its own ({@code --server-cores 1}, Linux's taskset): the server sees one
     * core, the load generator runs on the others.
     */
    @Test
    void a_tiny_matrix_writes_every_file_and_names_T_as_the_flag_that_matters(@TempDir Path out) throws Exception {
        List<Integer> allCores = CoreSplit.allowedCores(Files.readString(Path.of("/proc/self/status")));
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.executeInItsOwnJvm(DEADLINE, "matrix",
                "--modes", "sync", "--flags", "T", "--requests", "50", "--delay", "100ms", "--warmup", "10",
                "--repeat", "2", "--server-arg", "server.tomcat.threads.max=4", "--server-jar",
                ServerJar.path().toString(), "--server-cores", "1", "--out", out.toString());
        assertThat(outcome.out()).contains("Cores: server on core " + allCores.getFirst() + ", load generator on ");

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        assertThat(outcome.out()).contains("client warm-up: 150 of 150 requests",
                "[ 1/4] T0 A0 W0 R0 sync     repeat 1/2", "[ 2/4] T0 A0 W0 R0 sync     repeat 2/2",
                "[ 4/4] T1 A0 W0 R0 sync     repeat 2/2", "report.md");
        for (String file : List.of("results.json", "results.csv", "report.md", "report.html",
                "requests/sync-T0A0W0R0-1.csv", "requests/sync-T1A0W0R0-2.csv")) {
            assertThat(out.resolve(file)).isNotEmptyFile();
        }

        JsonNode results = Json.MAPPER.readTree(out.resolve("results.json").toFile());
        assertThat(results.path("runs")).hasSize(4);
        assertThat(results.path("runs").values().stream().map(run -> run.path("repeat").asInt()))
                .containsExactly(1, 2, 1, 2);
        for (JsonNode run : results.path("runs")) {
            assertThat(run.path("status").asString()).isEqualTo("OK");
            assertThat(run.path("summary").path("succeeded").asInt()).isEqualTo(50);
            assertThat(run.path("summary").path("lostWrites").asInt()).isZero();
        }
        assertThat(results.path("runs").get(0).path("flags").asString()).isEqualTo("T0 A0 W0 R0");
        assertThat(results.path("runs").get(0).path("summary").path("meterPeaks").isObject())
                .as("the server's meters read through the burst").isTrue();
        assertThat(results.path("runs").get(0).path("summary").path("serverEnvironment").path("webServer")
                .path("maxThreads").asInt()).isEqualTo(4);
        assertThat(results.path("runs").get(0).path("summary").path("serverEnvironment").path("availableProcessors")
                .asInt()).as("the server runs on its one core").isEqualTo(1);
        assertThat(results.path("settings").path("cores").path("server").get(0).asInt())
                .isEqualTo(allCores.getFirst());
        JsonNode effects = results.path("findings").path("flagEffects");
        assertThat(effects).hasSize(1);
        assertThat(effects.get(0).path("flag").asString()).isEqualTo("T");
        assertThat(effects.get(0).path("verdict").asString()).isEqualTo("MATTERS");

        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(5)
                .first().asString().startsWith("mode,flags,repeat,status,requests");
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("| sync | T | matters |", "## sync", "virtual vt-tomcat-",
                        "The server's own meters at their peak during the burst");
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<svg", "</html>").doesNotContain("<script src", "<link ");
        // The thread map: T0 then T1 (one row each: repeat 1), web entry on platform then on virtual threads.
        assertThat(Pattern.compile("data-layer=\"WEB_ENTRY\" data-kind=\"(\\w+)\"").matcher(html).results()
                .map(m -> m.group(1)).toList()).containsExactly("platform", "virtual");
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Pinning");
        // The answer first: the findings are the first section, the method and environment the last, folded.
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md.lines().filter(line -> line.startsWith("## ")).toList()).first().isEqualTo("## Findings");
        assertThat(md.lines().filter(line -> line.startsWith("## ")).toList()).last()
                .isEqualTo("## Method and environment");
        assertThat(md).contains("![p99 of every combination against the floor](p99.svg)");
        assertThat(out.resolve("p99.svg")).isNotEmptyFile();
        assertThat(Pattern.compile("<h2>([^<]*)").matcher(html).results().map(m -> m.group(1)).toList())
                .first().isEqualTo("Findings");
        assertThat(html.indexOf("data-p99-ms")).as("the p99 chart right after the findings")
                .isLessThan(html.indexOf("<h2>sync"));
        assertThat(html).contains("<h2>Method and environment</h2><details>");
        assertThat(ProcessesLeft.startedFor(out)).isEmpty();
    }

}
