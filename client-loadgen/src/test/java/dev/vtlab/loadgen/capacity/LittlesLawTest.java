package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.Mode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Little's law from a lab answer: each resource's size over the time a request holds it, the lowest binding. */
class LittlesLawTest {

    /** 200 request threads, 3328 connections, 8 async-executor threads, a common pool of 1; delays 1 s + 1 s. */
    static ServerEnvironment server(String flags, String repository, ServerEnvironment.Pool pool) {
        ServerEnvironment.Flags f = new ServerEnvironment.Flags(flags.contains("T1"), flags.contains("A1"),
                flags.contains("W1"), flags.contains("R1"), flags);
        return new ServerEnvironment(f, false, "25", "test", 2, 1, 512L << 20,
                new ServerEnvironment.WebServerLimits("tomcat", flags.contains("T1") ? "VirtualThreadExecutor"
                        : "ThreadPoolExecutor", 200, 3328, 4096, 2000, 1, 4096, "1024/1024"), 1000, 1000,
                repository, null, "none", null, pool, new ServerEnvironment.Executors(8, 1), null);
    }

    /**
     * The server on a core of its own, the load generator on the other: each core is a ceiling, and the load
     * generator's binds when a request costs it more CPU than it costs the server.
     */
    @Test
    void apart_from_the_server_the_load_generators_core_is_a_ceiling_of_its_own() {
        List<Ceiling> server = LittlesLaw.ceilings(server("T1 A0 W0 R0", "sleepy", null), Mode.SYNC, 0.00025,
                Resource.SERVER_CPU);
        List<Ceiling> both = LittlesLaw.withLoadGenerator(server, 1, 0.0004);

        // 3328 connections / 2 s; 1 core / 0.4 ms; the fixture's 2 cores / 0.25 ms
        assertThat(both).extracting(Ceiling::resource)
                .containsExactly(Resource.CONNECTIONS, Resource.LOADGEN_CPU, Resource.SERVER_CPU);
        assertThat(both).extracting(Ceiling::rate).containsExactly(1664.0, 2500.0, 8000.0);
        assertThat(server).extracting(Ceiling::resource).containsExactly(Resource.CONNECTIONS, Resource.SERVER_CPU);
    }

    /** Jetty, its requests on a {@code VirtualThreadPool} that runs at most {@code maxTasks} at once. */
    static ServerEnvironment jetty(int maxTasks) {
        ServerEnvironment tomcat = server("T1 A0 W0 R0", "sleepy", null);
        return new ServerEnvironment(tomcat.flags(), false, "25", "test", 2, 1, 512L << 20,
                new ServerEnvironment.WebServerLimits("jetty", "VirtualThreadPool", maxTasks, 6656, 4096, 30000, -1,
                        4096, "32768 (output)"), 1000, 1000, "sleepy", null, "none", null, null,
                new ServerEnvironment.Executors(8, 1), null);
    }

    @Test
    void jetty_with_virtual_threads_up_to_its_bound_is_bound_by_the_connections() {
        Ceiling binding = LittlesLaw.binding(jetty(6656), Mode.SYNC, null);

        assertThat(binding.resource()).isEqualTo(Resource.CONNECTIONS);
        assertThat(binding.rate()).isEqualTo(3328.0); // 6656 connections / 2 s
    }

    /** Spring Boot's switch on Jetty: a VirtualThreadPool of server.jetty.threads.max (200) tasks at once. */
    @Test
    void jetty_with_spring_boots_switch_is_bound_by_its_200_tasks() {
        Ceiling binding = LittlesLaw.binding(jetty(200), Mode.SYNC, null);

        assertThat(binding.resource()).isEqualTo(Resource.REQUEST_THREADS);
        assertThat(binding.rate()).isEqualTo(100.0); // 200 tasks / 2 s, as the platform pool
    }

    @Test
    void sync_with_platform_request_threads_is_bound_by_them() {
        Ceiling binding = LittlesLaw.binding(server("T0 A0 W0 R0", "sleepy", null), Mode.SYNC, null);

        assertThat(binding.resource()).isEqualTo(Resource.REQUEST_THREADS);
        assertThat(binding.rate()).isEqualTo(100.0); // 200 threads / 2 s
    }

    @Test
    void sync_with_virtual_request_threads_is_bound_by_the_connections_the_heap_allows() {
        Ceiling binding = LittlesLaw.binding(server("T1 A0 W0 R0", "sleepy", null), Mode.SYNC, null);

        assertThat(binding.resource()).isEqualTo(Resource.CONNECTIONS);
        assertThat(binding.rate()).isEqualTo(1664.0); // 3328 / 2 s
    }

    @Test
    void the_cpu_binds_when_its_ceiling_is_lower_than_every_pool() {
        // 2 cores / 2 ms a request = 1000 req/s, below the connections' 1664
        Ceiling binding = LittlesLaw.binding(server("T1 A0 W0 R0", "sleepy", null), Mode.SYNC, 0.002);

        assertThat(binding.resource()).isEqualTo(Resource.CPU);
        assertThat(binding.rate()).isCloseTo(1000.0, within(1e-9));
    }

    @Test
    void async_and_wrapped_wait_on_supply_async_default_unless_their_flag_is_on() {
        assertThat(LittlesLaw.binding(server("T0 A0 W0 R0", "sleepy", null), Mode.ASYNC, null).resource())
                .isEqualTo(Resource.COMMON_POOL);
        assertThat(LittlesLaw.binding(server("T0 A0 W0 R0", "sleepy", null), Mode.ASYNC, null).rate()).isEqualTo(0.5);
        assertThat(LittlesLaw.binding(server("T0 A0 W0 R1", "sleepy", null), Mode.ASYNC, null).resource())
                .isEqualTo(Resource.CONNECTIONS);
        assertThat(LittlesLaw.binding(server("T0 A0 W0 R0", "sleepy", null), Mode.WRAPPED, null).resource())
                .isEqualTo(Resource.COMMON_POOL);
        assertThat(LittlesLaw.binding(server("T0 A0 W1 R0", "sleepy", null), Mode.WRAPPED, null).resource())
                .isEqualTo(Resource.CONNECTIONS);
        // T frees no waiting thread in these styles: the control stays bound by the common pool
        assertThat(LittlesLaw.binding(server("T1 A0 W0 R0", "sleepy", null), Mode.WRAPPED, null).resource())
                .isEqualTo(Resource.COMMON_POOL);
    }

    @Test
    void the_http_adapter_waits_on_its_clients_own_pool_which_has_no_limit() {
        assertThat(LittlesLaw.binding(server("T0 A0 W0 R0", "http", null), Mode.ASYNC, null).resource())
                .isEqualTo(Resource.CONNECTIONS);
    }

    @Test
    void callable_waits_on_springs_async_executor_unless_a_is_on() {
        Ceiling off = LittlesLaw.binding(server("T0 A0 W0 R0", "sleepy", null), Mode.CALLABLE, null);

        assertThat(off.resource()).isEqualTo(Resource.ASYNC_EXECUTOR);
        assertThat(off.rate()).isEqualTo(4.0); // 8 threads / 2 s
        assertThat(LittlesLaw.binding(server("T0 A1 W0 R0", "sleepy", null), Mode.CALLABLE, null).resource())
                .isEqualTo(Resource.CONNECTIONS);
    }

    @Test
    void the_jdbc_pool_and_a_smaller_bulkhead_bind_before_virtual_threads_help() {
        ServerEnvironment jdbc = server("T1 A0 W0 R0", "jdbc", new ServerEnvironment.Pool(10, 30000, null));
        ServerEnvironment bulkhead = server("T1 A0 W0 R0", "jdbc", new ServerEnvironment.Pool(10, 30000, 4));

        assertThat(LittlesLaw.binding(jdbc, Mode.SYNC, null).resource()).isEqualTo(Resource.JDBC_POOL);
        assertThat(LittlesLaw.binding(jdbc, Mode.SYNC, null).rate()).isEqualTo(5.0);
        assertThat(LittlesLaw.binding(bulkhead, Mode.SYNC, null).resource()).isEqualTo(Resource.BULKHEAD);
        assertThat(LittlesLaw.ceilings(bulkhead, Mode.SYNC, null)).extracting(Ceiling::resource)
                .containsExactly(Resource.BULKHEAD, Resource.JDBC_POOL, Resource.CONNECTIONS);
    }

    /** {@code server} whose {@code /fanout} runs {@code way}, each of its three reads waiting {@code delayMs}. */
    static ServerEnvironment fanOut(ServerEnvironment s, String way, long delayMs) {
        return new ServerEnvironment(s.flags(), false, "25", "test", 2, 1, 512L << 20, s.webServer(), 1000, 1000,
                s.repository(), null, "none", null, s.pool(), s.executors(),
                new ServerEnvironment.FanOut(way, delayMs, delayMs, delayMs));
    }

    /** The card's three reads each take a connection for its wait: N / (b x h), however they overlap. */
    @Test
    void a_cards_three_reads_each_hold_a_pooled_connection_for_their_wait() {
        ServerEnvironment.Pool pool = new ServerEnvironment.Pool(10, 30000, null);
        for (String way : List.of("sequential", "futures")) {
            Ceiling binding = LittlesLaw.binding(fanOut(server("T1 A0 W1 R0", "jdbc", pool), way, 100), Mode.FANOUT,
                    null);

            assertThat(binding.resource()).as(way).isEqualTo(Resource.JDBC_POOL);
            assertThat(binding.calls()).isEqualTo(3);
            assertThat(binding.holdSeconds()).isCloseTo(0.1, within(1e-9));
            assertThat(binding.rate()).as(way).isCloseTo(33.3, within(0.05));
            assertThat(binding.explain()).isEqualTo(
                    "10 / (3 calls x 0.100 s); watch hikaricp_connections_active, hikaricp_connections_pending");
        }
    }

    /**
     * T off: the request's thread is held for the whole card, three waits one after the other, or the longest of
     * them at once; futures with W off: supplyAsync's default pool, taken once a read.
     */
    @Test
    void the_request_holds_its_thread_for_the_cards_floor_and_futures_take_ws_pool_once_a_read() {
        assertThat(LittlesLaw.binding(fanOut(server("T0 A0 W1 R0", "sleepy", null), "sequential", 1000),
                Mode.FANOUT, null).rate()).isCloseTo(200 / 3.0, within(1e-9));
        Ceiling futures = LittlesLaw.binding(fanOut(server("T0 A0 W1 R0", "sleepy", null), "futures", 1000),
                Mode.FANOUT, null);
        assertThat(futures.resource()).isEqualTo(Resource.REQUEST_THREADS);
        assertThat(futures.rate()).isEqualTo(200.0);

        Ceiling commonPool = LittlesLaw.binding(fanOut(server("T1 A0 W0 R0", "sleepy", null), "futures", 1000),
                Mode.FANOUT, null);
        assertThat(commonPool.resource()).isEqualTo(Resource.COMMON_POOL);
        assertThat(commonPool.rate()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(LittlesLaw.ceilings(fanOut(server("T1 A0 W0 R0", "sleepy", null), "sequential", 1000),
                Mode.FANOUT, null)).extracting(Ceiling::resource).containsExactly(Resource.CONNECTIONS);
    }

    /** The heap-bound ceiling holds a connection for the card's floor, as for every mode. */
    @Test
    void the_heap_bound_ceiling_divides_the_connections_by_the_cards_floor() {
        Ceiling connections = LittlesLaw.binding(fanOut(server("T1 A0 W1 R0", "sleepy", null), "sequential", 500),
                Mode.FANOUT, null);

        assertThat(connections.resource()).isEqualTo(Resource.CONNECTIONS);
        assertThat(connections.rate()).isCloseTo(3328 / 1.5, within(1e-9));
    }
}
