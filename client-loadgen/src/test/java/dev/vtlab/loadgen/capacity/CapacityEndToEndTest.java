package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.report.CapacityReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A short capacity search against real servers: sync with T off only, steps of 2 s, no bisection. Its rates are
 * benchmark results; what is asserted is what cannot flake: the plan ran, the lab's configuration gave Tomcat's
 * request threads as a ceiling, the server's standard meters named the same resource and its size at the steps, and
 * every file was written.
 * <p>
 * Which ceiling is the lowest is not asserted: the CPU's comes from the CPU time the machine measured at the
 * sustained step, and on a busy CI machine a 2 s step once measured enough of it to put the CPU below the threads'
 * 100 req/s (MeterViewTest and CapacityReportTest check, from fixed figures, what the report says of either).
 * The search runs in a JVM of its own, as a reader runs it: in this one, other test classes' work would count as
 * the load generator's CPU.
 */
class CapacityEndToEndTest {

    /** The server's start and the short search's steps, with room for a busy machine. */
    private static final Duration DEADLINE = Duration.ofSeconds(180);

    @Test
    void a_search_names_the_binding_resource_and_writes_its_report(@TempDir Path dir) throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.executeInItsOwnJvm(DEADLINE, "capacity",
                "--modes", "sync", "--flags", "A", "--step-time", "2s", "--bisections", "0",
                "--server-jar", ServerJar.path().toString(), "--out", dir.toString());

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        assertThat(outcome.out()).contains("vtlab capacity: 1 runs on 1 servers per variant",
                "sync T0 A0 W0 R0: Little's law 100 req/s (request threads: ");
        CapacityReport.Results results = CapacityReport.Results.read(dir.resolve("results.json"));
        assertThat(results.interrupted()).isFalse();
        assertThat(results.runs()).singleElement().satisfies(run -> {
            assertThat(run.status()).isEqualTo("OK");
            assertThat(run.ceilings()).as("the lab's configuration: the quick profile's Tomcat pool, 0.5 s a request")
                    .contains(new Ceiling(Resource.REQUEST_THREADS, 50, 0.5));
            assertThat(run.steps()).isNotEmpty().allSatisfy(step -> assertThat(step.seconds()).isNotEmpty());
            assertThat(run.steps()).as("what the meters say at the steps").anySatisfy(step ->
                    assertThat(step.meterCeilings()).filteredOn(c -> c.kind() == MeterCeiling.Kind.REQUEST_THREADS)
                            .singleElement().satisfies(threads -> {
                                assertThat(threads.size()).as("tomcat_threads_config_max_threads").isEqualTo(50);
                                assertThat(threads.watchLine())
                                        .startsWith("tomcat_connections_current_connections{name=");
                            }));
            // The lab's reads, each second at the moment of the meters', go to the lab's port, whose threads Tomcat's
            // meters leave out: no step shows them as a second request-thread ceiling (one did, at 12,000 req/s,
            // while that port ran on Tomcat's own pool of 200).
            assertThat(run.steps().stream().filter(step -> step.meterCeilings() != null)
                    .flatMap(step -> step.meterCeilings().stream())
                    .filter(c -> c.kind() == MeterCeiling.Kind.REQUEST_THREADS))
                    .as("every request-thread ceiling of every step").allSatisfy(threads ->
                            assertThat(threads.size()).isEqualTo(50));
        });
        for (String file : new String[] {"report.md", "report.html", "knee-sync.svg", "series-sync-T0A0W0R0.svg"}) {
            assertThat(dir.resolve(file)).exists();
        }
        assertThat(Files.readString(dir.resolve("report.md"))).startsWith("# Capacity: what each placement sustains")
                .contains("| sync | T0 A0 W0 R0 |", "## Steps");
    }
}
