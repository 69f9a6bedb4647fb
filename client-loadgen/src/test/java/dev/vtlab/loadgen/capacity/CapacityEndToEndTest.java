package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.report.CapacityReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A short capacity search against real servers: sync with T off only, steps of 2 s, no bisection. Its rates are
 * benchmark results; what is asserted is what cannot flake: the plan ran, the lab's configuration gave the
 * prediction (Tomcat's request threads), the server's standard meters named the same resource and its size, and
 * every file was written.
 * <p>
 * Isolated from the test classes that run beside it: the CPU's ceiling counts this JVM's CPU time as the load
 * generator's, and other classes' work in it once made the CPU the lowest ceiling.
 */
@Isolated
class CapacityEndToEndTest {

    @Test
    void a_search_names_the_binding_resource_and_writes_its_report(@TempDir Path dir) throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("capacity", "--modes", "sync",
                "--flags", "A", "--step-time", "2s", "--bisections", "0", "--server-jar", ServerJar.path().toString(),
                "--out", dir.toString());

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isZero();
        assertThat(outcome.out()).contains("vtlab capacity: 1 runs on 1 servers per variant",
                "sync T0 A0 W0 R0: Little's law 100 req/s (request threads)");
        CapacityReport.Results results = CapacityReport.Results.read(dir.resolve("results.json"));
        assertThat(results.interrupted()).isFalse();
        assertThat(results.runs()).singleElement().satisfies(run -> {
            assertThat(run.status()).isEqualTo("OK");
            assertThat(run.predicted().resource()).isEqualTo(Resource.REQUEST_THREADS);
            assertThat(run.predicted().size()).isEqualTo(50); // the quick profile's Tomcat pool
            assertThat(run.predicted().holdSeconds()).isEqualTo(0.5);
            assertThat(run.steps()).isNotEmpty().allSatisfy(step -> assertThat(step.seconds()).isNotEmpty());
            assertThat(run.meters()).as("what the meters say").isNotNull();
            assertThat(run.meters().ceiling().kind()).isEqualTo(MeterCeiling.Kind.REQUEST_THREADS);
            assertThat(run.meters().ceiling().size()).as("tomcat_threads_config_max_threads").isEqualTo(50);
            assertThat(run.meters().watch()).startsWith("tomcat_connections_current_connections{name=");
        });
        for (String file : new String[] {"report.md", "report.html", "knee-sync.svg", "series-sync-T0A0W0R0.svg"}) {
            assertThat(dir.resolve(file)).exists();
        }
        assertThat(Files.readString(dir.resolve("report.md"))).startsWith("# Capacity: what each placement sustains")
                .contains("| sync | T0 A0 W0 R0 |", "## What the meters say", "| tomcat_connections_current_connections{name=");
    }
}
