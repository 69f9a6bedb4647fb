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

    @Test
    void the_probe_doubles_then_climbs_past_a_cpu_ceiling_read_while_warming_and_backs_off_from_a_queue() {
        // 2 cores, 20 ms a request: the CPU's ceiling 100 req/s. Below 0.6 x that: x2.
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(20, 20)))).isEqualTo(40);
        // Past 0.6 x: x1.25, up to the CPU's ceiling itself (read low while the JIT works), not 0.6 x of it.
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(70, 20)))).isEqualTo(88);
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(90, 20)))).isEqualTo(100);
        // A pool's ceiling caps it at 0.6 x: 4 connections / 0.2 s = 20 req/s -> 12.
        assertThat(CeilingSearch.nextRate(List.of(poolBound(10, 5.0)))).isEqualTo(12);
        // A window that could not keep up: back to the highest that did, and stay there while no warmer.
        CeilingSearch.Window queue = new CeilingSearch.Window(140, 5, 0, cpuBound(140, 10).ceilings(), 10.0, 0.0,
                null, false);
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(112, 10), queue))).isEqualTo(112);
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(112, 10), queue, cpuBound(112, 10)))).isEqualTo(112);
        // Once the service has warmed past the queue (the CPU's ceiling now 2 / 4 ms = 500 req/s, 0.6 x of it
        // above 140), the probe climbs again (x2: below 0.6 x the lowest ceiling): the queue was the JIT's.
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(112, 10), queue, cpuBound(112, 4)))).isEqualTo(224);
        // A cold first window (its first requests wait for the JIT) is no queue: run again, then climb.
        CeilingSearch.Window cold = new CeilingSearch.Window(5, 40, 0, cpuBound(5, 80).ceilings(), 80.0, 0.0, null,
                false);
        assertThat(CeilingSearch.nextRate(List.of(cold))).isEqualTo(5);
        assertThat(CeilingSearch.nextRate(List.of(cold, cpuBound(5, 40)))).isEqualTo(10);
        // A window that could not keep up is never where the probe settles, nor what it settles against.
        assertThat(CeilingSearch.settled(List.of(cpuBound(112, 10), queue))).isFalse();
        assertThat(CeilingSearch.settled(List.of(cpuBound(112, 10), queue, cpuBound(112, 10.2)))).isFalse();
        assertThat(CeilingSearch.settled(List.of(queue, cpuBound(112, 10.2), cpuBound(112, 10)))).isTrue();
    }

    private static CeilingSearch.Window cpuBound(double rate, double cpuMs) {
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, cpuMs / 1000,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
        return new CeilingSearch.Window(rate, 5, 0, List.of(cpu), cpuMs, 0.0, null, true);
    }

    private static CeilingSearch.Window poolBound(double rate, double cpuMs) {
        MeterCeiling pool = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "db", 4, 0.2,
                StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "test");
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, cpuMs / 1000,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
        return new CeilingSearch.Window(rate, 200, 0, List.of(pool, cpu), cpuMs, 0.0, null, true);
    }
}
