package dev.vtlab.lab;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationContext;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;

/**
 * Lab data source: {@link ServerLoad} read from the running server: the lab's in-flight count, Tomcat's main
 * connector, the JVM, and HikariCP's pool when the JDBC adapter runs (never made just to be read).
 */
public final class TomcatLoad {

    private final InFlightRequests inFlight;
    private final ApplicationContext context;
    private final ObjectProvider<HikariDataSource> pool;
    private final boolean jdbc;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    /**
     * @param pool the JDBC adapter's pool, read only when {@code jdbc} (it is lazy: asking for it would make one)
     */
    public TomcatLoad(InFlightRequests inFlight, ApplicationContext context, ObjectProvider<HikariDataSource> pool,
                      boolean jdbc) {
        this.inFlight = inFlight;
        this.context = context;
        this.pool = pool;
        this.jdbc = jdbc;
    }

    public ServerLoad current() {
        HikariPoolMXBean state = jdbc ? pool.getObject().getHikariPoolMXBean() : null;
        return new ServerLoad(inFlight.now(), openConnections(), memory.getHeapMemoryUsage().getUsed(),
                threads.getThreadCount(), state == null ? null : state.getActiveConnections(),
                state == null ? null : state.getThreadsAwaitingConnection(), processCpuNanos());
    }

    /** The process's CPU time, from the JDK's own bean where it has one (HotSpot's does). */
    private static Long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Long.valueOf(os.getProcessCpuTime()) : null;
    }

    private long openConnections() {
        Connector connector = TomcatEnvironment.mainConnector(context);
        if (connector != null && connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
            return protocol.getConnectionCount();
        }
        return -1;
    }
}
