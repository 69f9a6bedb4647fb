package dev.vtlab.loadgen.meters;

/**
 * The meters this tool reads, as Micrometer names them (Actuator's {@code /actuator/metrics/{name}}, with the
 * statistic it reports) and as Prometheus's text names them. All are what Spring Boot, Micrometer and HikariCP
 * register by themselves; {@link #keyTag} is the tag that tells one pool, executor or status apart.
 */
public enum StandardMeter {
    /** Requests the server answered (all, over the service's life). */
    HTTP_REQUESTS("http.server.requests", Statistic.COUNT, "http_server_requests_seconds_count", "uri"),
    HTTP_REQUEST_SECONDS("http.server.requests", Statistic.TOTAL_TIME, "http_server_requests_seconds_sum", "uri"),
    /**
     * Requests in flight now, all URIs together (a request's URI is not known until it is mapped: the series is
     * tagged {@code uri="UNKNOWN"}, and served once a first request has come).
     */
    HTTP_REQUESTS_ACTIVE("http.server.requests.active", Statistic.ACTIVE_TASKS,
            "http_server_requests_active_seconds_count", null),
    /** Sessions Tomcat holds now: registered whenever Tomcat serves, with or without its thread meters. */
    TOMCAT_SESSIONS_ACTIVE("tomcat.sessions.active.current", Statistic.VALUE, "tomcat_sessions_active_current_sessions",
            null),
    TOMCAT_THREADS_BUSY("tomcat.threads.busy", Statistic.VALUE, "tomcat_threads_busy_threads", "name"),
    TOMCAT_THREADS_MAX("tomcat.threads.config.max", Statistic.VALUE, "tomcat_threads_config_max_threads", "name"),
    TOMCAT_CONNECTIONS("tomcat.connections.current", Statistic.VALUE, "tomcat_connections_current_connections",
            "name"),
    TOMCAT_CONNECTIONS_MAX("tomcat.connections.config.max", Statistic.VALUE,
            "tomcat_connections_config_max_connections", "name"),
    JETTY_THREADS_BUSY("jetty.threads.busy", Statistic.VALUE, "jetty_threads_busy", null),
    JETTY_THREADS_MAX("jetty.threads.config.max", Statistic.VALUE, "jetty_threads_config_max", null),
    /** Tasks waiting for one of Jetty's threads. */
    JETTY_THREADS_JOBS("jetty.threads.jobs", Statistic.VALUE, "jetty_threads_jobs", null),
    JETTY_CONNECTIONS("jetty.connections.current", Statistic.VALUE, "jetty_connections_current_connections",
            "connector_name"),
    /** Jetty's in-flight bound (vtlab's server meters it; Jetty's own metrics have none). */
    JETTY_CONNECTIONS_MAX("jetty.connections.config.max", Statistic.VALUE, "jetty_connections_config_max", null),
    /** A thread pool executor's threads running a task (Spring's applicationTaskExecutor when it is a pool). */
    EXECUTOR_ACTIVE("executor.active", Statistic.VALUE, "executor_active_threads", "name"),
    EXECUTOR_CORE("executor.pool.core", Statistic.VALUE, "executor_pool_core_threads", "name"),
    EXECUTOR_MAX("executor.pool.max", Statistic.VALUE, "executor_pool_max_threads", "name"),
    EXECUTOR_QUEUED("executor.queued", Statistic.VALUE, "executor_queued_tasks", "name"),
    EXECUTOR_QUEUE_REMAINING("executor.queue.remaining", Statistic.VALUE, "executor_queue_remaining_tasks", "name"),
    /** A fork-join pool's threads running a task (the common pool: {@code supplyAsync}'s default). */
    FORK_JOIN_ACTIVE("executor.active", Statistic.VALUE, "executor_active", "name"),
    FORK_JOIN_PARALLELISM("executor.parallelism", Statistic.VALUE, "executor_parallelism_threads", "name"),
    FORK_JOIN_QUEUED("executor.queued", Statistic.VALUE, "executor_queued", "name"),
    /** Tasks an executor metered where it was made has run, and their time (vtlab's W and R). */
    EXECUTOR_TASKS("executor", Statistic.COUNT, "executor_seconds_count", "name"),
    EXECUTOR_TASK_SECONDS("executor", Statistic.TOTAL_TIME, "executor_seconds_sum", "name"),
    HIKARI_ACTIVE("hikaricp.connections.active", Statistic.VALUE, "hikaricp_connections_active", "pool"),
    HIKARI_MAX("hikaricp.connections.max", Statistic.VALUE, "hikaricp_connections_max", "pool"),
    /** Threads waiting for a connection. */
    HIKARI_PENDING("hikaricp.connections.pending", Statistic.VALUE, "hikaricp_connections_pending", "pool"),
    /** Connections handed out and given back, and how long each was held. */
    HIKARI_USES("hikaricp.connections.usage", Statistic.COUNT, "hikaricp_connections_usage_seconds_count", "pool"),
    HIKARI_USE_SECONDS("hikaricp.connections.usage", Statistic.TOTAL_TIME, "hikaricp_connections_usage_seconds_sum",
            "pool"),
    /** Virtual threads mounted on a carrier, and queued for one (JDK 24+). */
    VIRTUAL_THREADS("jvm.threads.virtual.live", Statistic.VALUE, "jvm_threads_virtual_live_threads",
            "scheduling_status"),
    VIRTUAL_PINNED("jvm.threads.virtual.pinned", Statistic.COUNT, "jvm_threads_virtual_pinned_seconds_count", null),
    /**
     * The time the collector stopped the application, summed over its pauses since the start: read each second, a
     * stall's cause when it grows by hundreds of milliseconds.
     */
    GC_PAUSE_SECONDS("jvm.gc.pause", Statistic.TOTAL_TIME, "jvm_gc_pause_seconds_sum", null),
    /** Heap in use, summed over its pools (key {@code heap}). */
    HEAP_USED("jvm.memory.used", Statistic.VALUE, "jvm_memory_used_bytes", "area"),
    /**
     * The heap's maximum, summed over its pools; a pool without a maximum of its own reads -1 (G1's eden and
     * survivors), so the sum is a few bytes under {@code -Xmx}.
     */
    HEAP_MAX("jvm.memory.max", Statistic.VALUE, "jvm_memory_max_bytes", "area"),
    /** Live platform threads. */
    LIVE_THREADS("jvm.threads.live", Statistic.VALUE, "jvm_threads_live_threads", null),
    /** The process's CPU time since it started, all threads, in nanoseconds. */
    PROCESS_CPU_TIME("process.cpu.time", Statistic.COUNT, "process_cpu_time_ns_total", null),
    PROCESS_CPU("process.cpu.usage", Statistic.VALUE, "process_cpu_usage", null),
    CPU_COUNT("system.cpu.count", Statistic.VALUE, "system_cpu_count", null);

    /** Which of Actuator's measurements a meter's value is. */
    public enum Statistic { VALUE, COUNT, TOTAL_TIME, ACTIVE_TASKS }

    private final String micrometerName;
    private final Statistic statistic;
    private final String prometheusName;
    private final String keyTag;

    StandardMeter(String micrometerName, Statistic statistic, String prometheusName, String keyTag) {
        this.micrometerName = micrometerName;
        this.statistic = statistic;
        this.prometheusName = prometheusName;
        this.keyTag = keyTag;
    }

    /** e.g. {@code hikaricp.connections.pending}. */
    public String micrometerName() {
        return micrometerName;
    }

    public Statistic statistic() {
        return statistic;
    }

    /** e.g. {@code hikaricp_connections_pending}: the line to scrape. */
    public String prometheusName() {
        return prometheusName;
    }

    /** The tag that tells one pool or executor apart, or {@code null} when there is one. */
    public String keyTag() {
        return keyTag;
    }
}
