package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ServiceSettings;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What Boot's switch would do, from what a search measured: request threads go and the next ceiling binds; the heap
 * must hold every request the web server lets in, and the bound that keeps it alive is half of what it holds.
 */
class VirtualThreadsAnswerTest {

    private static final MeterCeiling THREADS = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 200,
            0.4, StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");
    private static final MeterCeiling CPU = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, 0.0025,
            StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");

    private static final CeilingSearch.AtRest AT_REST = new CeilingSearch.AtRest(0.05, 112.0 * (1 << 20),
            512.0 * (1 << 20), "tomcat", ServiceSettings.bootDefaults("not exposed"), null);

    @Test
    void request_threads_go_the_cpu_binds_next_and_the_heap_measured_against_the_requests_in_flight_sets_the_bound() {
        // 512 MiB heap, 112 MiB in use at rest: 400 MiB for requests of 409.6 KiB each (the least heap in use grows
        // by 40 MiB a hundred requests in flight) -> 1,000 held, 500 with headroom.
        List<CeilingSearch.HeapPoint> points = List.of(point(2, 120), point(100, 159.2), point(200, 199.2),
                point(5, 121.2));

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(AT_REST, List.of(THREADS, CPU), 500, null, points);

        assertThat(answer.switchOn()).isFalse();
        assertThat(answer.nextCeiling()).isEqualTo(CPU);
        assertThat(answer.heapKbPerRequest()).isCloseTo(409.6, within(1e-6));
        assertThat(answer.heapHolds()).isEqualTo(1000);
        assertThat(answer.maxConnections()).isEqualTo(500);
        assertThat(answer.admitted()).isEqualTo(8192);
        assertThat(answer.admittedNow()).isEqualTo(200);
        assertThat(String.join("\n", answer.lines())).contains(
                "the ceiling is CPU process at 800 req/s (unchanged)",
                "a request in flight holds 410 KB (measured: the least heap in use against the requests in flight, "
                        + "over 4 windows and steps holding 2 to 200)", "it holds about 1,000 requests in flight; "
                        + "with half of it left for garbage, 500",
                "up to 8,192 requests at once unless server.tomcat.max-connections is set (with the switch off, "
                        + "its 200 request threads): 16.4 x the safe count",
                "can turn an overload into an outage: set server.tomcat.max-connections=500",
                // 500 in flight at 0.4 s each (the request threads' hold) let through 1,250 req/s.
                "A request is in flight for 400 ms (as long as it holds a request thread now): at that, the safe "
                        + "count lets through about 1,250 req/s (Little's law): above CPU process at 800 req/s, which "
                        + "binds first.");
        assertThat(answer.heapBindsFirst()).isFalse();
        assertThat(answer.acceptQueueKey()).isEqualTo("server.tomcat.accept-count");
        assertThat(answer.acceptQueue()).isEqualTo(4096);
        assertThat(answer.lines().get(answer.lines().size() - 2)).isEqualTo("Past the bound the connections wait "
                + "in the kernel's accept queue, at no cost to the heap; past that queue their connects are dropped and "
                + "retried by the clients 1, 3, 7 and 15 s later. Raise it with the bound: server.tomcat.accept-count="
                + "4096 (Tomcat's default is 100); Linux caps it at net.core.somaxconn, 4096 by default since 5.4.");
        assertThat(answer.keepAliveKey()).isEqualTo("server.tomcat.keep-alive-timeout");
        assertThat(answer.lines().getLast()).isEqualTo("Idle keep-alive connections count against the bound and hold "
                + "places while requests wait in that queue: shorten their timeout with it, "
                + "server.tomcat.keep-alive-timeout=1s (by default as long as the connection timeout).");
    }

    @Test
    void a_heap_whose_bound_lets_through_less_than_the_next_ceiling_binds_first() {
        // Requests held 2 s each: the same 500 in flight let through 250 req/s, below the CPU's 800.
        MeterCeiling slow = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 200, 2,
                StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");
        List<CeilingSearch.HeapPoint> points = List.of(point(2, 120), point(100, 159.2), point(200, 199.2));

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(AT_REST, List.of(slow, CPU), 100, null, points);

        assertThat(answer.heapRate()).isCloseTo(250, within(1e-9));
        assertThat(answer.heapBindsFirst()).isTrue();
        assertThat(answer.lines()).contains("A request is in flight for 2,000 ms (as long as it holds a request "
                + "thread now): at that, the safe count lets through about 250 req/s (Little's law): below CPU "
                + "process at 800 req/s, so with the bound the heap binds first.");
    }

    @Test
    void on_jetty_the_bound_is_its_own_and_its_accept_queue_has_no_boot_property() {
        CeilingSearch.AtRest jetty = new CeilingSearch.AtRest(0.05, 112.0 * (1 << 20), 512.0 * (1 << 20), "jetty",
                ServiceSettings.bootDefaults("not exposed"), null);

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(jetty, List.of(CPU), 500, null, List.of(point(1, 120)));

        assertThat(answer.acceptQueueKey()).isNull();
        // A setting's value as a properties file reads it: "3,200" would stop the service's start-up.
        assertThat(answer.lines()).anySatisfy(line -> assertThat(line).startsWith("With the switch on, nothing "
                + "bounds the requests in progress unless the web server's connections are bounded: set "
                + "server.jetty.max-connections=3200."));
        assertThat(answer.lines()).anySatisfy(line -> assertThat(line).contains("Raise it with the bound: Jetty's "
                + "to 4096 (Boot has no property for it: ServerConnector.setAcceptQueueSize in a JettyServerCustomizer)"));
        assertThat(answer.lines().getLast()).contains("shorten their timeout with it, "
                + "server.jetty.connection-idle-timeout=1s");
    }

    @Test
    void too_few_requests_in_flight_to_measure_their_heap_assume_vtlabs_measure_and_say_so() {
        List<CeilingSearch.HeapPoint> points = List.of(point(1, 120), point(3, 180), point(4, 110));

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(AT_REST, List.of(THREADS, CPU), 500, null, points);

        assertThat(answer.heapKbPerRequest()).isEqualTo(64.0);
        assertThat(answer.heapCostFrom()).isEqualTo("assumed: vtlab's measure of a request waiting on Tomcat; the "
                + "search held 4 in flight at most on average, too few to tell a request's heap from the collector's");
        assertThat(answer.heapHolds()).isEqualTo(6400);
    }

    @Test
    void a_heap_that_did_not_grow_with_the_requests_in_flight_is_not_called_too_few() {
        // spring-petclinic with the switch on (set 20): a step that broke held 1,279 in flight on average, and its
        // least heap in use, just after a collection, was below the windows' with a handful.
        List<CeilingSearch.HeapPoint> points = List.of(point(1, 100), point(5, 105), point(1279, 56));

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(AT_REST, List.of(THREADS, CPU), 500, null, points);

        assertThat(answer.heapKbPerRequest()).isEqualTo(64.0);
        assertThat(answer.heapCostFrom()).isEqualTo("assumed: vtlab's measure of a request waiting on Tomcat; over 3 "
                + "windows and steps holding 1 to 1,279 in flight the least heap in use did not grow with them (a "
                + "window's least is wherever the collector left it): run the search again to measure it");
    }

    @Test
    void tomcats_default_bound_within_what_the_heap_holds_needs_no_other() {
        // 400 MiB free, 20.48 KiB a request: 20,000 held, 10,000 with headroom, above Tomcat's 8,192.
        List<CeilingSearch.HeapPoint> points = List.of(point(0, 112), point(100, 114), point(200, 116));

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(AT_REST, List.of(THREADS, CPU), 500, null, points);

        assertThat(answer.maxConnections()).isEqualTo(10_000);
        assertThat(answer.lines().getLast()).isEqualTo("With the switch on, Tomcat lets in up to 8,192 requests at "
                + "once unless server.tomcat.max-connections is set (with the switch off, its 200 request threads): "
                + "within the safe count, so the heap holds what it lets in.");
    }

    @Test
    void a_cpu_ceiling_measured_far_below_it_says_so_and_is_a_floor_when_a_requests_cpu_fell_through_the_probe() {
        // The workshop's exercise 9: 20 request threads held 0.2 s (100 req/s), the CPU at 3.11 ms a request on
        // 1.99 cores (642 req/s) measured at 100 req/s, after the probe's first window had cost 11.4 ms a request.
        MeterCeiling threads = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 20, 0.2,
                StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");
        MeterCeiling cpu = new MeterCeiling(MeterCeiling.Kind.CPU, "service + load generator", 1.99, 0.00311,
                StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");

        VirtualThreadsAnswer fell = VirtualThreadsAnswer.of(AT_REST, List.of(threads, cpu), 100, 11.4, List.of());
        VirtualThreadsAnswer flat = VirtualThreadsAnswer.of(AT_REST, List.of(threads, cpu), 100, 3.2, List.of());
        VirtualThreadsAnswer near = VirtualThreadsAnswer.of(AT_REST, List.of(threads, cpu), 400, 11.4, List.of());

        assertThat(fell.lines().getFirst()).isEqualTo("With spring.threads.virtual.enabled=true: request threads are "
                + "no ceiling any more; the ceiling is CPU service + load generator at 640 req/s (unchanged), from the "
                + "CPU a request cost at 100 req/s, 0.16 of that rate: it fell from 11.4 ms to 3.11 ms as the rate rose "
                + "through the probe and may fall further above, so read 640 req/s as a floor.");
        assertThat(flat.lines().getFirst()).endsWith("at 640 req/s (unchanged), from the CPU a request cost at "
                + "100 req/s, 0.16 of that rate.");
        assertThat(near.nextCeilingBasis()).isNull();
        assertThat(near.lines().getFirst()).endsWith("at 640 req/s (unchanged).");
    }

    @Test
    void a_pool_measured_far_below_its_ceiling_has_no_basis_to_tell() {
        MeterCeiling pool = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "orders-pool", 4, 0.2,
                StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "test");

        assertThat(VirtualThreadsAnswer.of(AT_REST, List.of(THREADS, pool), 1, 11.4, List.of()).nextCeilingBasis())
                .isNull();
    }

    @Test
    void without_heap_meters_the_heaps_ceiling_is_said_to_be_unknown() {
        CeilingSearch.AtRest atRest = new CeilingSearch.AtRest(0.05, null, null, null, null, null);

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(atRest, List.of(THREADS), 500, null, List.of());

        assertThat(answer.nextCeiling()).isNull();
        assertThat(answer.lines()).containsExactly("With spring.threads.virtual.enabled=true: request threads are no "
                        + "ceiling any more; the meters show no other ceiling.",
                "The heap's ceiling is unknown: the meters serve no heap in use or maximum "
                        + "(jvm_memory_used_bytes, jvm_memory_max_bytes).");
    }

    /** What the heap held, in MiB, with {@code inFlight} requests in flight. */
    private static CeilingSearch.HeapPoint point(double inFlight, double heapMiB) {
        return new CeilingSearch.HeapPoint(inFlight, heapMiB * (1 << 20));
    }
}
