package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;
import java.util.Locale;

/**
 * Lab data: the server's {@code /lab/environment}, what a measurement ran on.
 *
 * @param flags                  the four flags as the server applied them
 * @param springVirtualThreads   whether {@code spring.threads.virtual.enabled} is true
 * @param javaVersion            the server JVM's {@code java.version}
 * @param javaVendor             its {@code java.vendor}
 * @param availableProcessors    cores the server JVM sees
 * @param commonPoolParallelism  the common pool's parallelism
 * @param maxHeapBytes           the server's max heap
 * @param webServer              the web server's main connector: which server, its pool and limits (results
 *                               written before Jetty was an axis call it {@code tomcat})
 * @param repositoryCountDelayMs the sleepy repository's count delay
 * @param repositorySaveDelayMs  the sleepy repository's save delay
 * @param repository             the persistence adapter: {@code sleepy}, {@code http} or {@code jdbc}
 * @param repositoryUrl          the visit store's URL for {@code http}, the database's for {@code jdbc}, else
 *                               {@code null}
 * @param repositoryGuard        the lock the sleepy repository waits under ({@code none}, {@code synchronized},
 *                               {@code reentrant-lock})
 * @param asyncRequestTimeoutMs  Spring MVC's async request timeout, {@code null} for the container's (30 s)
 * @param pool                   the JDBC adapter's pool, {@code null} for the other adapters
 * @param executors              the executors' sizes ({@code null} from servers before they were reported)
 * @param fanOut                 how {@code /fanout} runs its reads ({@code null} from servers before it was
 *                               reported)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerEnvironment(Flags flags, boolean springVirtualThreads, String javaVersion, String javaVendor,
                                int availableProcessors, int commonPoolParallelism, long maxHeapBytes,
                                @JsonAlias("tomcat") WebServerLimits webServer, long repositoryCountDelayMs, long repositorySaveDelayMs,
                                String repository, String repositoryUrl, String repositoryGuard,
                                Long asyncRequestTimeoutMs, Pool pool, Executors executors,
                                FanOut fanOut) {

    /**
     * How many threads an executor a request may wait on runs at most; {@code null}: a new thread per task.
     *
     * @param asyncExecutorThreads      Spring's {@code applicationTaskExecutor} (runs {@code Callable}s; flag A)
     * @param supplyAsyncDefaultThreads {@code supplyAsync}'s default (the wrapper with W off, the sleepy and JDBC
     *                                  adapters with R off)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Executors(Integer asyncExecutorThreads, Integer supplyAsyncDefaultThreads) {
    }

    /**
     * How {@code /fanout} runs its three reads, and how long each waits.
     *
     * @param way                   {@code sequential}: one after the other on the request's thread; else at once
     *                              ({@code futures}, {@code structured})
     * @param visitCountDelayMs     the visit-count read's wait
     * @param lastVisitDelayMs      the last-visit read's
     * @param recommendationDelayMs the recommendation read's
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FanOut(String way, long visitCountDelayMs, long lastVisitDelayMs, long recommendationDelayMs) {

        /** Each read's wait, one a call. */
        public List<Long> readDelaysMs() {
            return List.of(visitCountDelayMs, lastVisitDelayMs, recommendationDelayMs);
        }

        /** One after the other: the reads' waits add up; at once: the longest is the request's. */
        public long floorMs() {
            return "sequential".equals(way) ? readDelaysMs().stream().mapToLong(Long::longValue).sum()
                    : readDelaysMs().stream().mapToLong(Long::longValue).max().orElse(0);
        }
    }

    /**
     * The JDBC adapter's connection pool as the server runs it.
     *
     * @param size          connections at most
     * @param timeoutMs     how long a call waits for a free connection
     * @param maxConcurrent the bulkhead's limit, {@code null} for none
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Pool(int size, long timeoutMs, Integer maxConcurrent) {

        /** e.g. {@code pool 10 connections, timeout 30000 ms, bulkhead 20} */
        public String describe() {
            return "pool " + size + " connections, timeout " + timeoutMs + " ms, bulkhead "
                    + (maxConcurrent == null ? "off" : String.valueOf(maxConcurrent));
        }
    }

    /**
     * The flags as the server reports them.
     *
     * @param label e.g. {@code T1 A0 W0 R1}
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Flags(boolean tomcat, boolean asyncExecutor, boolean wrapper, boolean repository, String label) {
    }

    /**
     * The web server's main connector as it runs.
     *
     * @param name           {@code tomcat} or {@code jetty}; {@code null} in results from before Jetty (Tomcat)
     * @param executor       the class requests run on
     * @param maxThreads     the platform pool's size, or a {@code VirtualThreadPool}'s cap on tasks at once
     * @param maxConnections connections held at once (-1: no bound)
     * @param acceptCount    the kernel's accept queue asked for
     * @param keepAliveTimeoutMs   how long an idle connection is kept
     * @param maxKeepAliveRequests requests per connection (1: no keep-alive; -1: no such limit)
     * @param maxHeaderBytes       largest request header accepted
     * @param socketBufferBytes    the server's read/write buffer per connection
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WebServerLimits(String name, String executor, int maxThreads, int maxConnections, int acceptCount,
                                  int keepAliveTimeoutMs, int maxKeepAliveRequests, int maxHeaderBytes,
                                  String socketBufferBytes) {

        /** {@code tomcat}, {@code jetty} or {@code netty}. */
        public String server() {
            return name == null ? "tomcat" : name;
        }

        /** As a sentence names it: {@code Tomcat}, {@code Jetty} or {@code Netty}. */
        public String serverName() {
            return switch (server()) {
                case "jetty" -> "Jetty";
                case "netty" -> "Netty";
                default -> "Tomcat";
            };
        }

        /**
         * Whether blocking methods run on Netty's event loop (T off, no Boot switch): its few platform threads are
         * then the request threads, shared by every connection.
         */
        public boolean eventLoop() {
            return "netty".equals(server()) && "event loop".equals(executor);
        }

        /**
         * How many requests the request threads run at once at most; {@code null} when virtual threads run them
         * with no cap below the connections: a platform pool's size (T off; on Netty, its event loop), or the cap
         * on tasks of Jetty's
         * {@code VirtualThreadPool} when it is below the bound (Spring Boot's switch: {@code server.jetty.threads.max},
         * 200). Tomcat's {@code VirtualThreadExecutor} has none (its {@code maxThreads} is then unused).
         */
        public Integer requestThreads() {
            if ("netty".equals(server())) {
                return eventLoop() ? maxThreads : null;
            }
            if (executor != null && executor.equals("VirtualThreadPool")) {
                return maxThreads > 0 && (maxConnections <= 0 || maxThreads < maxConnections) ? maxThreads : null;
            }
            return executor != null && executor.contains("Virtual") ? null : maxThreads;
        }

        /** Everything above in one line, for reports. */
        public String describe() {
            return String.format(Locale.ROOT, "%s (%s) max-threads %d, max-connections %d, accept-count %d, "
                            + "keep-alive %d ms x %d request(s), max header %d B, read/write buffers %s B",
                    serverName(), executor, maxThreads, maxConnections, acceptCount,
                    keepAliveTimeoutMs, maxKeepAliveRequests, maxHeaderBytes, socketBufferBytes);
        }
    }

    /** Server settings beyond the web server's, in one line: the guard and the async request timeout. */
    public String describeSettings() {
        return "repository " + repository + (repositoryGuard == null ? "" : ", guard " + repositoryGuard)
                + (pool == null ? "" : ", " + repositoryUrl + ", " + pool.describe()) + ", async request timeout " + (asyncRequestTimeoutMs == null ? "30000 ms (default)"
                : asyncRequestTimeoutMs + " ms");
    }

    /** The sum of the repository delays: no visit (count, then save) can be faster. */
    public long floorMs() {
        return repositoryCountDelayMs + repositorySaveDelayMs;
    }
}
