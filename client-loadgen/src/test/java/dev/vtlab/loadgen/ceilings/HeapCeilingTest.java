package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ServiceSettings;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Where no request threads bound the requests in flight, the heap is a ceiling: what it holds with half of it left
 * for garbage, over the time a request is in flight. The steps keep to that many in flight; with request threads, or
 * a request's heap only assumed, there is none.
 */
class HeapCeilingTest {

    private static final MeterCeiling CPU = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, 0.0003,
            StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");
    private static final MeterCeiling THREADS = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 20,
            0.2, StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");
    /** 512 MiB heap, 112 MiB in use at rest: 400 MiB for requests; Boot's switch on. */
    private static final CeilingSearch.AtRest SWITCH_ON = new CeilingSearch.AtRest(0.05, 112.0 * (1 << 20),
            512.0 * (1 << 20), "tomcat", new ServiceSettings(
            new ServiceSettings.Setting(ServiceSettings.TOMCAT_THREADS, "200", "test"),
            new ServiceSettings.Setting(ServiceSettings.VIRTUAL_THREADS, "true", "test")), null);
    /** The least heap in use grows by 40 MiB a hundred requests in flight: 409.6 KiB a request. */
    private static final List<CeilingSearch.HeapPoint> MEASURED = List.of(point(2, 120), point(100, 159.2),
            point(200, 199.2));

    @Test
    void with_no_request_threads_the_heap_holds_half_of_what_it_could_for_as_long_as_a_request_is_in_flight() {
        MeterCeiling heap = HeapCeiling.of(SWITCH_ON, List.of(CPU), MEASURED, 0.2).orElseThrow();

        // 400 MiB at 409.6 KiB a request: 1,000 held, 500 with half left for garbage; 500 / 0.2 s = 2,500 req/s.
        assertThat(heap.kind()).isEqualTo(MeterCeiling.Kind.HEAP);
        assertThat(heap.size()).isEqualTo(500);
        assertThat(heap.rate()).isCloseTo(2500, within(1e-6));
        assertThat(heap.watchLine()).isEqualTo("http_server_requests_active_seconds_count");
        assertThat(heap.from()).isEqualTo("requests in flight: 400 MB of jvm_memory_max_bytes beyond its use at rest "
                + "at 410 KB a request (measured: the least heap in use against the requests in flight, over 3 "
                + "windows and steps holding 2 to 200), half of it left for garbage; held: "
                + "http_server_requests_seconds_sum");
        assertThat(HeapCeiling.with(List.of(CPU), heap)).containsExactly(heap, CPU);
    }

    @Test
    void request_threads_bound_the_requests_in_flight_so_the_heap_is_no_ceiling() {
        assertThat(HeapCeiling.of(SWITCH_ON, List.of(THREADS, CPU), MEASURED, 0.2)).isEmpty();
    }

    @Test
    void a_requests_heap_only_assumed_bounds_nothing() {
        List<CeilingSearch.HeapPoint> few = List.of(point(1, 120), point(3, 180), point(4, 110));

        assertThat(HeapCeiling.of(SWITCH_ON, List.of(CPU), few, 0.2)).isEmpty();
        assertThat(HeapCeiling.of(new CeilingSearch.AtRest(0.05, null, null, null, null, null), List.of(CPU), MEASURED,
                0.2)).isEmpty();
    }

    @Test
    void a_step_re_measures_the_time_in_flight_and_keeps_the_size() {
        MeterCeiling heap = HeapCeiling.of(SWITCH_ON, List.of(CPU), MEASURED, 0.2).orElseThrow();

        // 1,200 in flight on average at 4,000 completed a second: 0.3 s each.
        MeterCeiling atStep = HeapCeiling.at(heap, point(1200, 300), 4000.0).orElseThrow();

        assertThat(atStep.holdSeconds()).isCloseTo(0.3, within(1e-9));
        assertThat(atStep.size()).isEqualTo(heap.size());
        assertThat(HeapCeiling.at(heap, point(1200, 300), 0.0)).isEmpty();
        assertThat(HeapCeiling.at(heap, null, 4000.0)).isEmpty();
    }

    @Test
    void the_steps_keep_to_what_the_heap_holds_and_else_to_the_load_generators_own_limit() {
        MeterCeiling heap = HeapCeiling.of(SWITCH_ON, List.of(CPU), MEASURED, 0.2).orElseThrow();

        assertThat(CeilingSearch.withinHeap(HeapCeiling.in(HeapCeiling.with(List.of(CPU), heap)), 18_000))
                .isEqualTo(500);
        assertThat(CeilingSearch.withinHeap(HeapCeiling.in(HeapCeiling.with(List.of(CPU), heap)), 300)).isEqualTo(300);
        assertThat(CeilingSearch.withinHeap(HeapCeiling.in(List.of(THREADS, CPU)), 18_000)).isEqualTo(18_000);
    }

    @Test
    void the_probes_windows_so_far_measure_it_at_the_time_in_flight_of_the_last_one_kept_up() {
        // 200 ms in flight while kept up; the last window a queue (2 s in flight), not kept up.
        List<CeilingSearch.Window> windows = new java.util.ArrayList<>(MEASURED.stream().map(p -> window(p, 0.2,
                true)).toList());
        assertThat(CeilingSearch.heapCeiling(SWITCH_ON, windows.subList(0, 2))).isEmpty(); // two windows: too few for a line
        windows.add(window(point(1000, 250), 2, false));

        MeterCeiling heap = CeilingSearch.heapCeiling(SWITCH_ON, windows).orElseThrow();

        assertThat(heap.holdSeconds()).isCloseTo(0.2, within(1e-9));
        assertThat(heap.size()).isEqualTo(HeapCost.of(windows.stream().map(CeilingSearch.Window::heap).toList())
                .safeCount(400.0 * (1 << 20)));
    }

    @Test
    void the_report_says_the_steps_kept_to_the_heaps_bound_and_what_it_lets_through() {
        MeterCeiling heap = HeapCeiling.of(SWITCH_ON, List.of(CPU), MEASURED, 0.2).orElseThrow();
        List<CeilingSearch.Window> windows = MEASURED.stream().map(p -> window(p, 0.2, true)).toList();
        CeilingsResult result = new CeilingsResult("vtlab-loadgen ceilings", "http://127.0.0.1:8090/orders/status",
                "http://127.0.0.1:8091/actuator/prometheus", "PROMETHEUS", "2026-11-27T15:00:00Z",
                probe(HeapCeiling.with(List.of(CPU), heap), windows), List.of(), false, ClientEnvironment.current(),
                CeilingsResult.CpuCost.MEDIAN_OF_STEP_RUNS, null);

        String bound = "No request threads bound the requests in flight: the steps kept at most 500 in flight at "
                + "once, what the heap holds with half of it left for garbage as the probe's windows measured it "
                + "(the answer below measures it again over the steps too), as `server.tomcat.max-connections=500` "
                + "would; a rate that needs more waited in the load generator, and its step broke on its latency, "
                + "where without a bound it would have run the service out of heap.";
        assertThat(result.heapBound()).contains(bound);
        assertThat(result.binding()).isEqualTo(heap);
        assertThat(result.markdown()).contains("| heap | 500 | 200 ms | 2,500 req/s | unchanged | "
                        + "`http_server_requests_active_seconds_count` |", "Binding: **heap**, 2,500 req/s.\n\n" + bound,
                "The service runs with spring.threads.virtual.enabled=true: no request-thread ceiling. The ceiling is "
                        + "heap at 2,500 req/s (unchanged).",
                "A request is in flight for 200 ms (as the heap's ceiling measured it): at that, the safe count lets "
                        + "through about 2,500 req/s (Little's law).");
    }

    private static CeilingSearch.Probe probe(List<MeterCeiling> ceilings, List<CeilingSearch.Window> windows) {
        return new CeilingSearch.Probe(4000, 200, 0, ceilings, SWITCH_ON, windows, true, 0.02);
    }

    /** A probe window with {@code heap}, each request in flight {@code holdSeconds}, the CPU far from binding. */
    private static CeilingSearch.Window window(CeilingSearch.HeapPoint heap, double holdSeconds, boolean keptUp) {
        double rate = heap.inFlight() / holdSeconds;
        return new CeilingSearch.Window(rate, holdSeconds * 1000, 0, List.of(CPU), 0.3, 0.0, heap, keptUp, 8, rate);
    }

    /** What the heap held, in MiB, with {@code inFlight} requests in flight. */
    private static CeilingSearch.HeapPoint point(double inFlight, double heapMiB) {
        return new CeilingSearch.HeapPoint(inFlight, heapMiB * (1 << 20));
    }
}
