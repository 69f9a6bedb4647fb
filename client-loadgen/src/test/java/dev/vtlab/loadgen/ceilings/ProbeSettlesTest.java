package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
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
    void a_cost_that_falls_by_less_than_a_tenth_a_window_but_more_over_three_has_not_settled() {
        // spring-petclinic's probe of set 9, pair 1: 9.10, 8.25, 7.63 ms (each under a tenth, 16% over the three).
        assertThat(CeilingSearch.settled(List.of(cpuBound(100, 9.10), cpuBound(188, 8.25), cpuBound(207, 7.63))))
                .isFalse();
        // The same two last windows after a steady one: settled.
        assertThat(CeilingSearch.settled(List.of(cpuBound(100, 8.30), cpuBound(188, 8.25), cpuBound(207, 7.63))))
                .isTrue();
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
        // Where nothing bounds the requests in flight (the switch on), the CPU's ceiling caps it at 0.6 x as well:
        // a window at it piles its queue up in the heap.
        assertThat(CeilingSearch.nextRate(List.of(cpuBoundUnbounded(20, 20)))).isEqualTo(40);
        assertThat(CeilingSearch.nextRate(List.of(cpuBoundUnbounded(50, 20)))).isEqualTo(60);
        assertThat(CeilingSearch.nextRate(List.of(cpuBoundUnbounded(60, 20)))).isEqualTo(60);
        // A pool's ceiling caps it at 0.6 x: 4 connections / 0.2 s = 20 req/s -> 12.
        assertThat(CeilingSearch.nextRate(List.of(poolBound(10, 5.0)))).isEqualTo(12);
        // A window that could not keep up: back to the highest that did, and stay there while no warmer.
        CeilingSearch.Window queue = new CeilingSearch.Window(140, 5, 0, cpuBound(140, 10).ceilings(), 10.0, 0.0,
                null, false, 8, 130.0);
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(112, 10), queue))).isEqualTo(112);
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(112, 10), queue, cpuBound(112, 10)))).isEqualTo(112);
        // Once the service has warmed past the queue (the CPU's ceiling now 2 / 4 ms = 500 req/s, 0.6 x of it
        // above 140), the probe climbs again (x2: below 0.6 x the lowest ceiling): the queue was the JIT's.
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(112, 10), queue, cpuBound(112, 4)))).isEqualTo(224);
        // A cold first window (its first requests wait for the JIT) is no queue: run again, then climb.
        CeilingSearch.Window cold = new CeilingSearch.Window(5, 40, 0, cpuBound(5, 80).ceilings(), 80.0, 0.0, null,
                false, 8, 4.8);
        assertThat(CeilingSearch.nextRate(List.of(cold))).isEqualTo(5);
        assertThat(CeilingSearch.nextRate(List.of(cold, cpuBound(5, 40)))).isEqualTo(10);
        // A window that could not keep up is never where the probe settles, nor what it settles against.
        assertThat(CeilingSearch.settled(List.of(cpuBound(112, 10), queue))).isFalse();
        assertThat(CeilingSearch.settled(List.of(cpuBound(112, 10), queue, cpuBound(112, 10.2)))).isFalse();
        assertThat(CeilingSearch.settled(List.of(queue, cpuBound(112, 10.2), cpuBound(112, 10)))).isTrue();
    }

    @Test
    void a_rate_kept_up_with_once_then_not_in_three_windows_in_a_row_is_the_knee_and_the_probe_backs_off() {
        // spring-petclinic, set 34, pair 1: kept up at 1,520 req/s, then twice at 1,812, then not.
        List<CeilingSearch.Window> windows = new ArrayList<>(List.of(cpuBound(1520, 0.946), cpuBound(1812, 0.833),
                cpuBound(1812, 0.828), queued(1812, 0.848), queued(1812, 0.928)));
        // Two windows in a row may be a stall, or a queue draining: the probe stays.
        assertThat(CeilingSearch.nextRate(windows)).isEqualTo(1812);
        // The third is the knee: back to the highest rate kept up with below it.
        windows.add(queued(1812, 1.26));
        assertThat(CeilingSearch.nextRate(windows)).isEqualTo(1520);
        // The first window back may still drain the queue: it stays, and does not climb to the knee again.
        windows.add(queued(1520, 1.53));
        assertThat(CeilingSearch.nextRate(windows)).isEqualTo(1520);
        windows.add(cpuBound(1520, 0.95));
        assertThat(CeilingSearch.nextRate(windows)).isEqualTo(1520);
        windows.add(cpuBound(1520, 0.94));
        assertThat(CeilingSearch.settled(windows)).isTrue();
        // With no rate kept up with below the knee, the probe backs off by the ladder's factor.
        List<CeilingSearch.Window> atTheFirst = List.of(cpuBound(349, 4.5), queued(349, 4.5), queued(349, 4.5),
                queued(349, 4.5));
        assertThat(CeilingSearch.nextRate(atTheFirst)).isEqualTo(279);
        // A window not kept up at another rate in between starts the count again.
        assertThat(CeilingSearch.nextRate(List.of(cpuBound(1812, 0.83), queued(1812, 0.9), queued(1520, 0.9),
                queued(1812, 0.9), queued(1812, 0.9)))).isEqualTo(1812);
    }

    @Test
    void a_window_whose_meters_queued_after_one_that_kept_up_is_a_window_past_the_knee() {
        // spring-petclinic, Actuator on its main port: every read answered at 445 req/s, 1 at 818.
        List<CeilingSearch.Window> before = List.of(cpuBound(356, 3.13), cpuBound(445, 2.09));
        CeilingSearch.Window unread = CeilingSearch.unmeasured(818, 40, 0, 790, 1, before).orElseThrow();
        assertThat(unread.unread()).isTrue();
        assertThat(unread.serviceGone()).isFalse();
        assertThat(unread.keptUp()).isFalse();
        assertThat(unread.cpuMsPerRequest()).isNull();
        assertThat(unread.ceilings()).isEqualTo(before.getLast().ceilings());
        List<CeilingSearch.Window> windows = List.of(before.getFirst(), before.getLast(), unread);
        // The probe goes back to the rate it kept up with, and does not stop on the window it could not read.
        assertThat(CeilingSearch.nextRate(windows)).isEqualTo(445);
        assertThat(CeilingSearch.settled(windows)).isFalse();
        // Meters that no window could read are a command-line error, not a knee.
        assertThat(CeilingSearch.unmeasured(5, 40, 0, 5, 1, List.of())).isEmpty();
    }

    @Test
    void a_window_where_every_request_failed_and_no_meter_answered_ends_the_search() {
        // other-service with Boot's switch on, set 12: the window at the CPU's ceiling, 4,746 req/s, ran the service
        // out of heap; the next, at 2,560, had every request fail and no meter read.
        List<CeilingSearch.Window> before = List.of(cpuBound(1280, 0.444), cpuBound(2560, 0.413));
        CeilingSearch.Window overload = CeilingSearch.unmeasured(4746, 1540, 33324, 310, 1, before).orElseThrow();
        CeilingSearch.Window gone = CeilingSearch.unmeasured(2560, 0, 20480, 0, 0, before).orElseThrow();

        assertThat(overload.serviceGone()).as("some requests still completed").isFalse();
        assertThat(gone.serviceGone()).isTrue();
        CeilingSearch.Probe probe = new CeilingSearch.Probe(2560, 200, 0, before.getLast().ceilings(), null,
                List.of(before.getFirst(), before.getLast(), overload, gone), false, null);
        assertThat(probe.serviceGone()).isTrue();
        CeilingsResult result = new CeilingsResult("vtlab-loadgen ceilings", "http://127.0.0.1:1/",
                "http://127.0.0.1:2/", "PROMETHEUS", "2026-11-27T04:46:15Z", probe, List.of(), true, null,
                CeilingsResult.CpuCost.MEDIAN_OF_STEP_RUNS, null);
        assertThat(result.verdict()).startsWith("The service stopped answering (every request failed, its meters "
                + "measured none) at 2,560 req/s, in the probe: the search stopped there. No step held.");
        // Before the service went, a window whose meters queued is a window past the knee, and the probe goes on.
        assertThat(new CeilingSearch.Probe(2560, 200, 0, before.getLast().ceilings(), null,
                List.of(before.getFirst(), before.getLast(), overload), false, null).serviceGone()).isFalse();
    }

    @Test
    void a_window_whose_meters_answered_but_counted_no_request_after_the_service_kept_up_ends_the_search_too() {
        // other-service with Boot's switch on, set 15: out of heap in the window after 2,011 req/s, its meters (on a
        // port of their own) still answered, the request count standing: the tool had called that a wrong URL.
        List<CeilingSearch.Window> before = List.of(cpuBound(1619, 0.580), cpuBound(2011, 0.385));
        CeilingSearch.Window countedNone = CeilingSearch.unmeasured(2514, 0, 25140, 0, 8, before).orElseThrow();
        CeilingSearch.Window someServed = CeilingSearch.unmeasured(2514, 900, 1200, 310, 8, before).orElseThrow();

        assertThat(countedNone.serviceGone()).isTrue();
        assertThat(countedNone.keptUp()).isFalse();
        assertThat(someServed.serviceGone()).as("some requests still completed").isFalse();
        assertThat(cpuBound(2011, 0.385).serviceGone()).as("a measured window").isFalse();
        assertThat(CeilingSearch.unmeasured(5, 0, 50, 0, 8, List.of())).as("no window kept up before: the URL")
                .isEmpty();
    }

    /** Bound by its CPU; its 200 request threads (5 ms each: 40,000 req/s) bound the requests in flight. */
    private static CeilingSearch.Window cpuBound(double rate, double cpuMs) {
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, cpuMs / 1000,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
        MeterCeiling threads = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 200, 0.005,
                StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");
        return new CeilingSearch.Window(rate, 5, 0, List.of(cpu, threads), cpuMs, 0.0, null, true, 8, rate);
    }

    /** The same, a window the service did not keep up with. */
    private static CeilingSearch.Window queued(double rate, double cpuMs) {
        CeilingSearch.Window measured = cpuBound(rate, cpuMs);
        return new CeilingSearch.Window(rate, 800, 0, measured.ceilings(), cpuMs, 0.0, null, false, 8, 0.95 * rate);
    }

    /** The same with Boot's virtual-thread switch on: no request threads, nothing bounds the requests in flight. */
    private static CeilingSearch.Window cpuBoundUnbounded(double rate, double cpuMs) {
        CeilingSearch.Window bounded = cpuBound(rate, cpuMs);
        return new CeilingSearch.Window(rate, 5, 0, List.of(bounded.ceilings().getFirst()), cpuMs, 0.0, null, true,
                8, rate);
    }

    private static CeilingSearch.Window poolBound(double rate, double cpuMs) {
        MeterCeiling pool = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "db", 4, 0.2,
                StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "test");
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, cpuMs / 1000,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
        return new CeilingSearch.Window(rate, 200, 0, List.of(pool, cpu), cpuMs, 0.0, null, true, 8, rate);
    }
}
