package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The probe stops once its rate has stopped climbing and the CPU a request costs has settled (the service's JIT has
 * done its work), or the CPU is so far from binding that its warming decides nothing.
 */
class ProbeSettlesTest {

    @Test
    void the_probe_goes_on_while_its_rate_climbs_or_the_cpu_a_request_costs_still_falls() {
        // Still climbing: 40 -> 80 req/s.
        assertThat(CeilingSearch.settled(List.of(cpuBound(40, 14.0), cpuBound(80, 13.5)))).isFalse();
        // At the warm rate, but the CPU a request costs fell by 15%.
        assertThat(CeilingSearch.settled(List.of(cpuBound(80, 16.0), cpuBound(85, 13.6)))).isFalse();
        // At the warm rate and within 10%: settled.
        assertThat(CeilingSearch.settled(List.of(cpuBound(80, 14.0), cpuBound(85, 13.2)))).isTrue();
        // One window tells nothing.
        assertThat(CeilingSearch.settled(List.of(cpuBound(80, 14.0)))).isFalse();
    }

    @Test
    void a_cpu_far_above_the_binding_ceiling_need_not_settle() {
        // A pool binds at 20 req/s; the CPU, at 400 then 300 req/s, is far above: its warming decides nothing.
        assertThat(CeilingSearch.settled(List.of(poolBound(10, 5.0), poolBound(12, 6.6)))).isTrue();
    }

    private static CeilingSearch.Window cpuBound(double rate, double cpuMs) {
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, cpuMs / 1000,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
        return new CeilingSearch.Window(rate, 5, 0, List.of(cpu), cpuMs, 0.0, null);
    }

    private static CeilingSearch.Window poolBound(double rate, double cpuMs) {
        MeterCeiling pool = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "db", 4, 0.2,
                StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "test");
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, cpuMs / 1000,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
        return new CeilingSearch.Window(rate, 200, 0, List.of(pool, cpu), cpuMs, 0.0, null);
    }
}
