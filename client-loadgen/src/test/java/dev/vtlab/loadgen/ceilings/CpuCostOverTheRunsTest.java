package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The prediction takes the CPU a request costs from every run of the steps, not from the highest step that held
 * alone. The figures are spring-petclinic's, set 30's first pair
 * (docs/results/ceilings-real-services/README.md): seven runs, the one that held
 * highest the cheapest of them.
 */
class CpuCostOverTheRunsTest {

    private static final double SIZE = 1.937;
    private static final MeterCeiling POOL = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "HikariPool-1", 10,
            10 / 1800.0, StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "test");

    /** Set 30, pair 1: offered rate, held, the CPU a request cost (ms); a step run twice has its first run beside. */
    private static final List<CeilingSearch.Step> STEPS = List.of(
            twice(run(1392, false, 1.183), run(1392, true, 1.293)), run(1740, false, 1.923),
            run(1566, false, 1.143), twice(run(1479, false, 1.294), run(1479, true, 0.967)), run(1566, false, 1.149));

    @Test
    void the_cpu_a_request_costs_is_the_median_of_every_run_of_the_steps() {
        MeterCeiling cpu = result(CeilingsResult.CpuCost.MEDIAN_OF_STEP_RUNS).refinedCeilings().stream()
                .filter(c -> c.kind() == MeterCeiling.Kind.CPU).findFirst().orElseThrow();

        assertThat(cpu.holdSeconds() * 1000).isCloseTo(1.183, within(1e-9));
        assertThat(cpu.size()).as("the size stays the highest held step's").isEqualTo(SIZE);
        assertThat(cpu.from()).isEqualTo("test; held: the median of the CPU a request cost in the steps' 7 runs "
                + "(0.967 ms in this step's)");
    }

    @Test
    void a_ceiling_the_median_brings_below_another_binds() {
        // The step's own 0.967 ms put the CPU at 2,003 req/s, above the pool's 1,800; the median puts it at 1,637.
        assertThat(result(CeilingsResult.CpuCost.HIGHEST_HELD_STEP).predicted()).isEqualTo(POOL);
        CeilingsResult result = result(CeilingsResult.CpuCost.MEDIAN_OF_STEP_RUNS);

        assertThat(result.predicted().kind()).isEqualTo(MeterCeiling.Kind.CPU);
        assertThat(result.refinedCeilings()).extracting(MeterCeiling::kind)
                .containsExactly(MeterCeiling.Kind.CPU, MeterCeiling.Kind.JDBC_POOL);
        assertThat(result.verdict()).isEqualTo("Sustained 1,479 req/s; predicted from the meters 1,637 req/s (CPU "
                + "process): measured / predicted 0.90. The probe alone predicted 1,800 req/s (JDBC pool "
                + "HikariPool-1): 0.82.");
        assertThat(result.markdown()).contains("| CPU process | 1.94 | 1.18 ms | 1,637 req/s | unchanged | "
                + "`process_cpu_usage` | test; held: the median of the CPU a request cost in the steps' 7 runs "
                + "(0.967 ms in this step's) |");
    }

    @Test
    void reports_written_before_keep_the_highest_held_steps_own_cost() {
        // A ceilings.json from before 2026-11-28 has no cpuCost: read again, it predicts as it said it did.
        CeilingsResult before = result(null);

        assertThat(before.refinedCeilings()).isEqualTo(STEPS.get(3).ceilings());
        assertThat(before.refinedCeilings().getLast().holdSeconds()).as("the CPU's").isEqualTo(0.000967);
    }

    private static CeilingsResult result(CeilingsResult.CpuCost cpuCost) {
        CeilingSearch.Probe probe = new CeilingSearch.Probe(758, 1.2, 0, List.of(POOL), null, null, true, null);
        return new CeilingsResult("vtlab-loadgen ceilings", "http://127.0.0.1:18490/owners?lastName=",
                "http://127.0.0.1:18490/actuator/metrics", "ACTUATOR", "2026-11-28T00:28:40Z", probe, STEPS, true,
                ClientEnvironment.current(), cpuCost, null);
    }

    private static CeilingSearch.Step run(double rate, boolean held, double cpuMs) {
        List<MeterCeiling> ceilings = new ArrayList<>(List.of(POOL, new MeterCeiling(MeterCeiling.Kind.CPU, "process",
                SIZE, cpuMs / 1000, StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test")));
        ceilings.sort(Comparator.comparingDouble(MeterCeiling::rate));
        return new CeilingSearch.Step(rate, rate, held ? 20 : 1200, 0, held, held ? List.of() : List.of("p99"),
                true, 0.5, 0.5, 10.0, null, List.copyOf(ceilings), null);
    }

    private static CeilingSearch.Step twice(CeilingSearch.Step first, CeilingSearch.Step second) {
        return new CeilingSearch.Step(second.offeredRate(), second.completionRate(), second.p99Ms(), second.failed(),
                second.held(), second.broken(), second.stallPassed(), second.watchPeak(), second.inUsePeak(),
                second.meterReadMaxMs(), first, second.ceilings(), null);
    }
}
