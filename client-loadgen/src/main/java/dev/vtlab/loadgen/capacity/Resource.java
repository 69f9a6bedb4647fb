package dev.vtlab.loadgen.capacity;

/** What a request holds while it waits, and so what can stop a placement's rate. */
public enum Resource {
    REQUEST_THREADS("request threads", "the web server's platform request threads (T off), or the tasks Jetty's "
            + "virtual thread pool runs at once (Spring Boot's switch)"),
    EVENT_LOOP("event loop", "Netty's event-loop threads, which run blocking controller methods when T is off: a "
            + "few platform threads every connection shares"),
    CONNECTIONS("connections by heap", "the connections the web server holds at once, bounded by the heap"),
    ASYNC_EXECUTOR("async executor", "Spring's applicationTaskExecutor, which runs Callables (A off)"),
    COMMON_POOL("common pool", "supplyAsync's default executor (W off for /wrapped, R off for /async)"),
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
