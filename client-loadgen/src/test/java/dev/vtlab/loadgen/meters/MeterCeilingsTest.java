package dev.vtlab.loadgen.meters;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Little's law from meters, on snapshots as a service would serve them over 10 s at 20 requests a second: each pool's
 * size from its meter, each request's hold from the pool's timer or from how many were in use.
 */
class MeterCeilingsTest {

    private static final double SECONDS = 10;
    private static final double RATE = 20;
    private static final java.util.function.Predicate<String> ORDERS = "/orders"::equals;

    @Test
    void a_jdbc_pool_is_held_for_its_connection_seconds_per_request() throws Exception {
        // 2 connections per request, 0.1 s each: 0.2 connection-seconds a request; 4 connections -> 20 req/s.
        List<MeterSnapshot> during = steady(i -> List.of(
                reading(StandardMeter.HIKARI_MAX, "db", 4),
                reading(StandardMeter.HIKARI_USES, "db", 2 * RATE * i),
                reading(StandardMeter.HIKARI_USE_SECONDS, "db", 0.1 * 2 * RATE * i)));

        MeterCeiling pool = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS));

        assertThat(pool.name()).isEqualTo("JDBC pool db");
        assertThat(pool.size()).isEqualTo(4);
        assertThat(pool.holdSeconds()).isCloseTo(0.2, within(1e-9));
        assertThat(pool.rate()).isCloseTo(20, within(1e-6));
        assertThat(pool.watchLine()).isEqualTo("hikaricp_connections_pending{pool=\"db\"}");
    }

    @Test
    void request_threads_are_held_as_long_as_the_mean_in_use_says_and_virtual_ones_are_no_ceiling()
            throws Exception {
        // 40 threads busy on average at 20 req/s: each request holds one for 2 s; 200 threads -> 100 req/s.
        List<MeterSnapshot> during = steady(i -> List.of(
                reading(StandardMeter.TOMCAT_THREADS_MAX, "http-nio", 200),
                reading(StandardMeter.TOMCAT_THREADS_BUSY, "http-nio", i % 2 == 0 ? 39 : 41),
                reading(StandardMeter.TOMCAT_THREADS_MAX, "virtual", -1),
                reading(StandardMeter.TOMCAT_THREADS_BUSY, "virtual", 40)));

        MeterCeiling threads = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS));

        assertThat(threads.name()).isEqualTo("request threads http-nio");
        assertThat(threads.holdSeconds()).isCloseTo(2.0, within(0.01));
        assertThat(threads.rate()).isCloseTo(100, within(0.5));
    }

    @Test
    void jettys_acceptor_and_selectors_busy_at_rest_are_neither_size_nor_hold() throws Exception {
        List<MeterSnapshot> during = steady(i -> List.of(reading(StandardMeter.JETTY_THREADS_MAX, "", 200),
                reading(StandardMeter.JETTY_THREADS_BUSY, "", 42)));

        MeterCeiling threads = only(MeterCeilings.of(snapshot(reading(StandardMeter.JETTY_THREADS_BUSY, "", 2)),
                during, SECONDS, ORDERS));

        assertThat(threads.size()).isEqualTo(198);
        assertThat(threads.holdSeconds()).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void an_executor_with_an_unbounded_queue_grows_no_further_than_its_core() throws Exception {
        List<MeterSnapshot> during = steady(i -> List.of(
                reading(StandardMeter.EXECUTOR_CORE, "applicationTaskExecutor", 8),
                reading(StandardMeter.EXECUTOR_MAX, "applicationTaskExecutor", Integer.MAX_VALUE),
                reading(StandardMeter.EXECUTOR_QUEUE_REMAINING, "applicationTaskExecutor", Integer.MAX_VALUE),
                reading(StandardMeter.EXECUTOR_ACTIVE, "applicationTaskExecutor", 4),
                reading(StandardMeter.EXECUTOR_CORE, "unused", 8),
                reading(StandardMeter.EXECUTOR_QUEUE_REMAINING, "unused", Integer.MAX_VALUE),
                reading(StandardMeter.EXECUTOR_ACTIVE, "unused", 0)));

        MeterCeiling executor = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS));

        assertThat(executor.name()).as("a pool no request held is left out").isEqualTo(
                "executor applicationTaskExecutor");
        assertThat(executor.size()).isEqualTo(8);
        assertThat(executor.rate()).isCloseTo(40, within(1e-6));
    }

    @Test
    void an_executor_that_times_its_tasks_is_held_for_its_task_seconds_per_request() throws Exception {
        // The common pool, one thread, timed where it is handed out: 0.5 task-seconds a request -> 2 req/s, however
        // few of the once-a-second reads found its thread busy.
        List<MeterSnapshot> during = steady(i -> List.of(
                reading(StandardMeter.FORK_JOIN_PARALLELISM, "commonPool", 1),
                reading(StandardMeter.FORK_JOIN_ACTIVE, "commonPool", i % 3 == 0 ? 1 : 0),
                reading(StandardMeter.EXECUTOR_TASK_SECONDS, "commonPool", 0.5 * RATE * i)));

        MeterCeiling pool = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS));

        assertThat(pool.name()).isEqualTo("fork-join pool commonPool");
        assertThat(pool.holdSeconds()).isCloseTo(0.5, within(1e-9));
        assertThat(pool.rate()).isCloseTo(2, within(1e-9));
    }

    @Test
    void the_lowest_ceiling_binds() throws Exception {
        List<MeterSnapshot> during = steady(i -> List.of(
                reading(StandardMeter.HIKARI_MAX, "db", 10),
                reading(StandardMeter.HIKARI_USE_SECONDS, "db", RATE * i),
                reading(StandardMeter.TOMCAT_THREADS_MAX, "http-nio", 200),
                reading(StandardMeter.TOMCAT_THREADS_BUSY, "http-nio", 40)));

        List<MeterCeiling> ceilings = MeterCeilings.of(snapshot(), during, SECONDS, ORDERS);

        assertThat(ceilings).extracting(MeterCeiling::name).containsExactly("JDBC pool db",
                "request threads http-nio");
        assertThat(MeterCeilings.binding(ceilings)).hasValue(ceilings.getFirst());
    }

    @Test
    void without_the_request_count_or_with_no_request_counted_it_says_which() {
        List<MeterSnapshot> noRequests = List.of(snapshot(), snapshot());
        assertThatThrownBy(() -> MeterCeilings.of(snapshot(), noRequests, SECONDS, ORDERS))
                .isInstanceOf(MetersUnavailableException.class)
                .hasMessageContaining("lack http_server_requests_seconds_count");

        List<MeterSnapshot> flat = List.of(snapshot(reading(StandardMeter.HTTP_REQUESTS, "/x", 5)),
                snapshot(reading(StandardMeter.HTTP_REQUESTS, "/x", 5)));
        assertThatThrownBy(() -> MeterCeilings.of(snapshot(), flat, SECONDS, uri -> uri.equals("/x")))
                .isInstanceOf(MetersUnavailableException.class).hasMessageContaining("did not grow");
    }

    @Test
    void requests_to_other_uris_meanwhile_do_not_count_and_the_busiest_uri_is_where_the_load_went() throws Exception {
        // A health check or vtlab's lab, read 5 times a second beside the 20 requests: the pool's 0.2 connection-
        // seconds a request stay 0.2 when only the load's URI counts.
        List<MeterSnapshot> during = steady(i -> List.of(reading(StandardMeter.HIKARI_MAX, "db", 4),
                reading(StandardMeter.HIKARI_USE_SECONDS, "db", 0.2 * RATE * i),
                reading(StandardMeter.HTTP_REQUESTS, "/health", 5 * i)));

        assertThat(only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS)).holdSeconds())
                .isCloseTo(0.2, within(1e-9));
        assertThat(only(MeterCeilings.of(snapshot(), during, SECONDS, MeterCeilings.SERVICE_URIS)).holdSeconds())
                .as("every URI counted").isCloseTo(0.16, within(1e-9));
        java.util.function.Predicate<String> busiest = MeterCeilings.busiestUri(during.getFirst(), during.getLast());
        assertThat(busiest).accepts("/orders").rejects("/health", "/actuator/prometheus");
    }

    @Test
    void the_cpu_a_request_costs_is_the_process_time_less_its_rest_plus_the_load_generators_on_the_same_cores()
            throws Exception {
        // 2 cores; the process used 0.4 core-seconds a second, 0.1 of it at rest; the load generator 0.2 over the
        // 10 s: (4.0 - 1.0 + 0.2) / 200 requests = 16 ms a request, over 1.9 cores -> 118.75 req/s.
        List<MeterSnapshot> during = steady(i -> List.of(reading(StandardMeter.CPU_COUNT, "", 2),
                reading(StandardMeter.PROCESS_CPU_TIME, "", 1e9 * (100 + 0.4 * i)),
                reading(StandardMeter.PROCESS_CPU, "", 0.99)));

        MeterCeiling cpu = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS,
                new MeterCeilings.Context(0.1, 0.2, null)));

        assertThat(cpu.name()).isEqualTo("CPU service + load generator");
        assertThat(cpu.size()).isCloseTo(1.9, within(1e-9));
        assertThat(cpu.holdSeconds()).isCloseTo(0.016, within(1e-9));
        assertThat(cpu.rate()).isCloseTo(118.75, within(1e-6));
        assertThat(cpu.from()).contains("less 0.10 cores at rest", "process_cpu_time_ns_total",
                "the load generator's");
        assertThat(cpu.withVirtualThreads()).isEqualTo("unchanged");
        // Without its CPU time the process's usage is read, as before.
        MeterCeiling usage = only(MeterCeilings.of(snapshot(), steady(i -> List.of(
                reading(StandardMeter.CPU_COUNT, "", 2), reading(StandardMeter.PROCESS_CPU, "", 0.25))), SECONDS,
                ORDERS));
        assertThat(usage.holdSeconds()).isCloseTo(0.025, within(1e-9));
    }

    @Test
    void a_steps_cpu_takes_out_of_the_cores_what_its_busiest_second_used_beyond_the_mean() throws Exception {
        // As above, 16 ms a request over 1.9 cores; process_cpu_usage read 0.2 of the 2 cores each second but one,
        // which read 0.42: its mean 0.22, so the busiest second used 0.2 x 2 = 0.4 cores beyond it, and the
        // requests have 1.5 -> 93.75 req/s.
        List<MeterSnapshot> during = steady(i -> List.of(reading(StandardMeter.CPU_COUNT, "", 2),
                reading(StandardMeter.PROCESS_CPU_TIME, "", 1e9 * (100 + 0.4 * i)),
                reading(StandardMeter.PROCESS_CPU, "", i == 7 ? 0.42 : 0.2)));

        MeterCeiling busiest = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS,
                new MeterCeilings.Context(0.1, 0.2, null, true)));

        assertThat(busiest.size()).isCloseTo(1.5, within(1e-9));
        assertThat(busiest.holdSeconds()).isCloseTo(0.016, within(1e-9));
        assertThat(busiest.rate()).isCloseTo(93.75, within(1e-6));
        assertThat(busiest.from()).contains("less 0.10 cores at rest and 0.40 its busiest second used beyond the "
                + "mean (process_cpu_usage)");
        // The cores on average unless asked, and when the usage was read once or not at all.
        assertThat(only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS,
                new MeterCeilings.Context(0.1, 0.2, null))).size()).isCloseTo(1.9, within(1e-9));
        List<MeterSnapshot> unread = steady(i -> List.of(reading(StandardMeter.CPU_COUNT, "", 2),
                reading(StandardMeter.PROCESS_CPU_TIME, "", 1e9 * (100 + 0.4 * i))));
        MeterCeiling mean = only(MeterCeilings.of(snapshot(), unread, SECONDS, ORDERS,
                new MeterCeilings.Context(0.1, 0.2, null, true)));
        assertThat(mean.size()).isCloseTo(1.9, within(1e-9));
        assertThat(mean.from()).doesNotContain("busiest");
    }

    @Test
    void tomcats_threads_without_their_meters_are_sized_by_the_settings_and_held_as_long_as_the_requests_take()
            throws Exception {
        // Tomcat (its sessions meter) without thread meters; the page's requests took 0.2 s each (4 request-seconds
        // a second at 20 req/s): each holds a thread 0.2 s; 20 threads -> 100 req/s.
        List<MeterSnapshot> during = steady(i -> List.of(reading(StandardMeter.TOMCAT_SESSIONS_ACTIVE, "", 0),
                reading(StandardMeter.HTTP_REQUESTS_ACTIVE, "", 4),
                reading(StandardMeter.HTTP_REQUEST_SECONDS, "/orders", 50 + 0.2 * RATE * i),
                reading(StandardMeter.HTTP_REQUEST_SECONDS, "/actuator/prometheus", 0.01 * i)));
        ServiceSettings twenty = new ServiceSettings(new ServiceSettings.Setting(ServiceSettings.TOMCAT_THREADS,
                "20", "http://127.0.0.1:1/actuator/env/server.tomcat.threads.max"), new ServiceSettings.Setting(
                ServiceSettings.VIRTUAL_THREADS, "false", "Boot's default: not set"));

        MeterCeiling threads = only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS,
                new MeterCeilings.Context(0, 0, twenty)));

        assertThat(threads.name()).isEqualTo("request threads tomcat");
        assertThat(threads.size()).isEqualTo(20);
        assertThat(threads.holdSeconds()).isCloseTo(0.2, within(1e-9));
        assertThat(threads.rate()).isCloseTo(100, within(1e-6));
        assertThat(threads.watchLine()).isEqualTo("http_server_requests_active_seconds_count");
        assertThat(threads.from()).isEqualTo("server.tomcat.threads.max = 20 (http://127.0.0.1:1/actuator/env/"
                + "server.tomcat.threads.max); held: http_server_requests_seconds_sum");
        assertThat(threads.withVirtualThreads()).isEqualTo("gone: the next ceiling binds");
        // With Boot's switch on there is no pool of request threads, and with no settings read nothing is assumed.
        ServiceSettings virtual = new ServiceSettings(twenty.tomcatThreads(), new ServiceSettings.Setting(
                ServiceSettings.VIRTUAL_THREADS, "true", "http://127.0.0.1:1/actuator/env/x"));
        assertThat(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS, new MeterCeilings.Context(0, 0,
                virtual))).isEmpty();
        assertThat(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS)).isEmpty();
        // Boot's default when nothing says otherwise.
        assertThat(only(MeterCeilings.of(snapshot(), during, SECONDS, ORDERS, new MeterCeilings.Context(0, 0,
                ServiceSettings.bootDefaults("not exposed")))).size()).isEqualTo(200);
    }

    /** Eleven snapshots, a second apart, of a service answering {@link #RATE} requests a second. */
    private static List<MeterSnapshot> steady(java.util.function.IntFunction<List<MeterSnapshot.Reading>> at) {
        List<MeterSnapshot> during = new ArrayList<>();
        for (int i = 0; i <= SECONDS; i++) {
            List<MeterSnapshot.Reading> readings = new ArrayList<>(at.apply(i));
            readings.add(reading(StandardMeter.HTTP_REQUESTS, "/orders", 1000 + RATE * i));
            readings.add(reading(StandardMeter.HTTP_REQUESTS, "/actuator/prometheus", 7 * i));
            during.add(new MeterSnapshot(readings, 1));
        }
        return during;
    }

    private static MeterSnapshot snapshot(MeterSnapshot.Reading... readings) {
        return new MeterSnapshot(List.of(readings), 1);
    }

    private static MeterSnapshot.Reading reading(StandardMeter meter, String key, double value) {
        return new MeterSnapshot.Reading(meter, key, value);
    }

    private static MeterCeiling only(List<MeterCeiling> ceilings) {
        assertThat(ceilings).hasSize(1);
        return ceilings.getFirst();
    }
}
