package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.matrix.RunRecord;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.vtlab.loadgen.report.FindingsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

/** Findings per variant (here: per server JDK), and the flags whose verdict differs between them. */
class VariantComparisonTest {

    @Test
    void a_flag_whose_verdict_differs_between_jdks_is_listed_with_each_verdict_and_the_flag_off_run() {
        Map<String, List<RunRecord>> runs = new LinkedHashMap<>();
        // JDK 21 at common-pool parallelism 1: supplyAsync without an executor starts a thread per task, R off is clean.
        runs.put("jdk21", List.of(
                run("async", "T0 A0 W0 R0", 2_400, 2_500, 0),
                run("async", "T0 A0 W0 R1", 2_300, 2_400, 0),
                run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_300, 2_400, 0)));
        // JDK 25: every blocking call queues behind the common pool's one worker, R off fails.
        runs.put("jdk25", List.of(
                run("async", "T0 A0 W0 R0", 30_000, 30_100, 1_985),
                run("async", "T0 A0 W0 R1", 2_300, 2_400, 0),
                run("sync", "T0 A0 W0 R0", 20_500, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_400, 2_500, 0)));

        List<VariantComparison.Difference> differences = VariantComparison.differences(runs);

        assertThat(differences).singleElement().satisfies(d -> {
            assertThat(d.mode()).isEqualTo("async");
            assertThat(d.flag()).isEqualTo(Flag.R);
            assertThat(d.verdicts()).containsEntry("jdk21", "no effect (p99 x0.96)")
                    .containsEntry("jdk25", "matters (fixes failures)");
            assertThat(d.reasons().get("jdk21")).contains("p99 2400 ms, 0 failed");
            assertThat(d.reasons().get("jdk25")).contains("p99 30000 ms, 1985 failed");
        });
    }

    @Test
    void a_flag_that_matters_in_opposite_directions_is_a_difference() {
        Map<String, List<RunRecord>> runs = new LinkedHashMap<>();
        // JDK 25: T brings sync from 20 s to 2.6 s.
        runs.put("jdk25-synchronized", List.of(run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_600, 2_700, 0)));
        // JDK 21 with a synchronized guard: T pins every carrier, and every request times out.
        runs.put("jdk21-synchronized", List.of(run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 0, 60_000, 2_000)));

        assertThat(VariantComparison.differences(runs)).singleElement().satisfies(d -> {
            assertThat(d.verdicts()).containsEntry("jdk25-synchronized", "matters (p99 x0.13)")
                    .containsEntry("jdk21-synchronized", "matters (causes failures)");
        });
    }

    @Test
    void the_same_verdicts_everywhere_make_no_difference() {
        Map<String, List<RunRecord>> runs = new LinkedHashMap<>();
        runs.put("none", List.of(run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_300, 2_400, 0)));
        runs.put("synchronized", List.of(run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_600, 2_700, 0)));

        assertThat(VariantComparison.differences(runs)).isEmpty();
    }
}
