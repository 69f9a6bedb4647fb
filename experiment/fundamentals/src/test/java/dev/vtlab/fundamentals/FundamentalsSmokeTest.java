package dev.vtlab.fundamentals;

import dev.vtlab.fundamentals.cli.Fundamentals;
import dev.vtlab.fundamentals.cli.Results;
import dev.vtlab.fundamentals.cli.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every benchmark runs once with tiny sizes (the hidden {@code smoke} mode: JMH in this JVM, 100 threads, 200
 * requests) and reports both kinds of thread. Nothing is timed: the figures are the page's, with their commands.
 */
class FundamentalsSmokeTest {

    @Test
    void every_benchmark_runs_and_reports_platform_and_virtual(@TempDir Path out) throws Exception {
        StringWriter printed = new StringWriter();
        int code = Fundamentals.commandLine().setOut(new PrintWriter(printed)).setErr(new PrintWriter(printed))
                .execute("smoke", "--out", out.toString());

        assertThat(code).as(printed.toString()).isZero();
        Results results = JsonMapper.builder().build().readValue(out.resolve("results.json").toFile(), Results.class);
        for (String benchmark : List.of("creation", "footprint", "switching", "connection", "cpu", "fairness")) {
            Set<String> kinds = results.rows().stream().filter(r -> r.benchmark().equals(benchmark))
                    .map(Row::kind).collect(Collectors.toSet());
            assertThat(kinds).as(benchmark).containsExactlyInAnyOrder("PLATFORM", "VIRTUAL");
        }
        assertThat(results.rows()).allSatisfy(row -> assertThat(row.value()).as(row.toString()).isFinite()
                .isNotNegative());
        assertThat(results.rows()).anySatisfy(row -> assertThat(row.measure())
                .contains("scheduler parallelism 1"));
        assertThat(results.jdkVersion()).as("the JDK it ran on is stated").isEqualTo(System.getProperty("java.version"));
        assertThat(out.resolve("results.md")).content().contains("| creation | start and join one thread | VIRTUAL |");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "turbo|unknown mode 'turbo'; expected quick or full",
            "quick --benchmark creation,teleport|unknown benchmark 'teleport'; expected creation, footprint",
            "quick --java 17|--java 17: JDK 17 is older than 21",
            "quick --java /no/such/jdk|--java /no/such/jdk: not a JDK home, a java executable or a feature version",
            "quick --bogus|Unknown option: '--bogus'"})
    void a_bad_command_line_is_one_line_and_exit_2(String args, String message) {
        StringWriter err = new StringWriter();
        int code = Fundamentals.commandLine().setErr(new PrintWriter(err)).execute(args.split(" "));

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains(message, "(see 'vtlab-fundamentals --help')");
        assertThat(err.toString().strip().lines()).hasSize(1);
    }
}
