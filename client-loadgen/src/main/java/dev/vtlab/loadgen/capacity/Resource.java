package dev.vtlab.loadgen.capacity;

/** What a request holds while it waits, and so what can stop a placement's rate. */
public enum Resource {
    REQUEST_THREADS("request threads", "Tomcat's platform request threads (T off)"),
    CONNECTIONS("connections by heap", "the connections Tomcat holds at once, bounded by the heap"),
    ASYNC_EXECUTOR("async executor", "Spring's applicationTaskExecutor, which runs Callables (A off)"),
    COMMON_POOL("common pool", "supplyAsync's default executor (W off for /wrapped, R off for /async)"),
    JDBC_POOL("JDBC pool", "HikariCP's connections"),
    BULKHEAD("bulkhead", "the JDBC adapter's calls allowed at once"),
    CPU("CPU", "the machine's cores, which the server and the load generator share on loopback");

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

    /** Whether the capacity target (measured within 15% of predicted) applies: every resource but the CPU. */
    public boolean sized() {
        return this != CPU;
    }
}
