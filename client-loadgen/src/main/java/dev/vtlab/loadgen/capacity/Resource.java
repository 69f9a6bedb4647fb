package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.meters.StandardMeter;

import java.util.List;

/** What a request holds while it waits, and so what can stop a placement's rate. */
public enum Resource {
    REQUEST_THREADS("request threads", "the web server's platform request threads (T off), or the tasks Jetty's "
            + "virtual thread pool runs at once (Spring Boot's switch)"),
    EVENT_LOOP("event loop", "Netty's event-loop threads, which run blocking controller methods when T is off: a "
            + "few platform threads every connection shares"),
    CONNECTIONS("connections by heap", "the connections the web server holds at once, bounded by the heap"),
    ASYNC_EXECUTOR("async executor", "Spring's applicationTaskExecutor, which runs Callables (A off)"),
    COMMON_POOL("common pool", "supplyAsync's default executor (W off for /wrapped and for /fanout's futures, R off "
            + "for /async)"),
    JDBC_POOL("JDBC pool", "HikariCP's connections"),
    BULKHEAD("bulkhead", "the JDBC adapter's calls allowed at once"),
    CPU("CPU", "the machine's cores, which the server and the load generator share on loopback"),
    SERVER_CPU("server's cores", "the cores the server runs on apart from the load generator (--server-cores)"),
    LOADGEN_CPU("load generator's cores", "the cores the load generator runs on apart from the server "
            + "(--server-cores): it sends, reads and times every request");

    private final String label;
    private final String description;

    Resource(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /**
     * The standard meters that show it in use and its waiters, as a reader watches it in their own service; empty
     * where none stands for it.
     */
    public List<StandardMeter> meters() {
        return switch (this) {
            case REQUEST_THREADS -> List.of(StandardMeter.TOMCAT_THREADS_BUSY, StandardMeter.JETTY_THREADS_BUSY);
            case ASYNC_EXECUTOR -> List.of(StandardMeter.EXECUTOR_ACTIVE, StandardMeter.EXECUTOR_QUEUED);
            case COMMON_POOL -> List.of(StandardMeter.FORK_JOIN_ACTIVE, StandardMeter.FORK_JOIN_QUEUED);
            case JDBC_POOL -> List.of(StandardMeter.HIKARI_ACTIVE, StandardMeter.HIKARI_PENDING);
            case EVENT_LOOP, CONNECTIONS, BULKHEAD, CPU, SERVER_CPU, LOADGEN_CPU -> List.of();
        };
    }

    /** e.g. {@code request threads}, as reports name it. */
    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /**
     * Whether the capacity target (measured within 15% of predicted) applies: every resource but the CPU shared
     * with the load generator, whose share of it the scheduler decides.
     */
    public boolean sized() {
        return this != CPU;
    }

    /** Whether it is CPU time: shared, the server's own, or the load generator's own. */
    public boolean cpu() {
        return this == CPU || this == SERVER_CPU || this == LOADGEN_CPU;
    }
}
