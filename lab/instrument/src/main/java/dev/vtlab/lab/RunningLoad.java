package dev.vtlab.lab;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationContext;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;

/**
 * Lab data source: {@link ServerLoad} read from the running server: the lab's in-flight count, its web server's
 * main connector ({@link WebServerView}), the JVM, and HikariCP's pool when the JDBC adapter runs (never made just to be read).
 */
public final class RunningLoad {

    private final InFlightRequests inFlight;
    private final ApplicationContext context;
    private final ObjectProvider<HikariDataSource> pool;
    private final boolean jdbc;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    /**
     * @param pool the JDBC adapter's pool, read only when {@code jdbc} (it is lazy: asking for it would make one)
     */
    public RunningLoad(InFlightRequests inFlight, ApplicationContext context, ObjectProvider<HikariDataSource> pool,
                      boolean jdbc) {
        this.inFlight = inFlight;
        this.context = context;
        this.pool = pool;
        this.jdbc = jdbc;
    }

    public ServerLoad current() {
        HikariPoolMXBean state = jdbc ? pool.getObject().getHikariPoolMXBean() : null;
        return new ServerLoad(inFlight.now(), WebServerView.openConnections(context), memory.getHeapMemoryUsage().getUsed(),
                threads.getThreadCount(), state == null ? null : state.getActiveConnections(),
                state == null ? null : state.getThreadsAwaitingConnection(), processCpuNanos());
    }

    /** The process's CPU time, from the JDK's own bean where it has one (HotSpot's does). */
    private static Long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Long.valueOf(os.getProcessCpuTime()) : null;
    }
}
