package dev.vtlab.lab;

/**
 * Lab value: what a measurement ran on, so that every report can say it.
 *
 * @param flags                    the four virtual-thread flags as the server applied them
 * @param springVirtualThreads     whether {@code spring.threads.virtual.enabled} is true (it overrides T and A)
 * @param javaVersion              {@code java.version} of the server JVM
 * @param javaVendor               {@code java.vendor}
 * @param availableProcessors      {@code Runtime.availableProcessors()}
 * @param commonPoolParallelism    {@code ForkJoinPool.getCommonPoolParallelism()}; 1 means {@code supplyAsync}
 *                                 without an executor starts a new platform thread per task
 * @param maxHeapBytes             {@code Runtime.maxMemory()}
 * @param webServer                the web server's main connector: which server, its pool and limits
 * @param repositoryCountDelayMs   how long {@code count} blocks
 * @param repositorySaveDelayMs    how long {@code save} blocks (both delays apply to the sleepy adapter only)
 * @param repository               which persistence adapter serves the port: {@code sleepy}, {@code http} or
 *                                 {@code jdbc}
 * @param repositoryUrl            the visit store's URL for {@code http}, the database's (without credentials)
 *                                 for {@code jdbc}, else {@code null}
 * @param repositoryGuard          the lock the sleepy adapter waits under: {@code none}, {@code synchronized} or
 *                                 {@code reentrant-lock}
 * @param asyncRequestTimeoutMs    Spring MVC's async request timeout ({@code spring.mvc.async.request-timeout}),
 *                                 or {@code null} for the servlet container's default (Tomcat's: 30 s)
 * @param pool                     the JDBC adapter's connection pool, {@code null} for the other adapters
 * @param executors                how many threads each executor a request may wait on runs at most: what
 *                                 Little's law divides by the time a request holds one
 * @param fanOut                   how {@code /fanout} runs its three reads ({@code vtlab.fan-out}) and how long
 *                                 each waits
 */
public record LabEnvironment(Flags flags, boolean springVirtualThreads, String javaVersion, String javaVendor,
                             int availableProcessors, int commonPoolParallelism, long maxHeapBytes,
                             WebServerLimits webServer, long repositoryCountDelayMs, long repositorySaveDelayMs,
                             String repository, String repositoryUrl, String repositoryGuard,
                             Long asyncRequestTimeoutMs, Pool pool, Executors executors, FanOut fanOut) {

    /**
     * The executors' sizes, {@code null} where an executor starts a new thread per task (no limit but the
     * connections and the heap).
     *
     * @param asyncExecutorThreads     Spring's {@code applicationTaskExecutor} (flag A), which runs
     *                                 {@code Callable}s: its core size when its queue is unbounded, else its
     *                                 maximum
     * @param supplyAsyncDefaultThreads {@code supplyAsync}'s default executor, which the wrapper (W off) and the
     *                                 sleepy and JDBC adapters (R off) use: the common pool's parallelism, or
     *                                 {@code null} where the JDK starts a thread per task (JDK 21 at parallelism 1)
     */
    public record Executors(Integer asyncExecutorThreads, Integer supplyAsyncDefaultThreads) {
    }

    /**
     * The fan-out of {@code /fanout} as it runs.
     *
     * @param way                   {@code vtlab.fan-out}: {@code sequential}, {@code futures}, ...
     * @param visitCountDelayMs     how long the visit-count read waits (sleepy: sleeps; jdbc: the database waits;
     *                              http: the visit store waits its own delay instead)
     * @param lastVisitDelayMs      the same for the last-visit read
     * @param recommendationDelayMs the same for the recommendation read
     */
    public record FanOut(String way, long visitCountDelayMs, long lastVisitDelayMs, long recommendationDelayMs) {
    }

    /**
     * The JDBC adapter's pool as it runs.
     *
     * @param size          connections at most
     * @param timeoutMs     how long a call waits for a free connection
     * @param maxConcurrent the bulkhead's limit, {@code null} for none
     */
    public record Pool(int size, long timeoutMs, Integer maxConcurrent) {
    }

    /**
     * The flags as the lab reports them.
     *
     * @param tomcat        T: the web server's request threads are virtual (the setting kept its first name)
     * @param asyncExecutor A: Spring's applicationTaskExecutor is virtual
     * @param wrapper       W: the executor of {@code /wrapped} is virtual
     * @param repository    R: the repository's async executor is virtual
     * @param label         e.g. {@code T1 A0 W0 R1}
     */
    public record Flags(boolean tomcat, boolean asyncExecutor, boolean wrapper, boolean repository, String label) {
    }

    /**
     * The web server's main connector as it runs, read with the same meaning on Tomcat and Jetty.
     *
     * @param name           {@code tomcat} or {@code jetty}
     * @param executor       the class requests run on ({@code VirtualThreadExecutor} or {@code VirtualThreadPool}
     *                       when T is on; Tomcat's own executor or Jetty's {@code QueuedThreadPool} when off)
     * @param maxThreads     the pool's size: Tomcat's platform pool (unused when the executor is virtual), Jetty's
     *                       platform threads, or a {@code VirtualThreadPool}'s cap on tasks at once
     * @param maxConnections connections the server keeps open at once (its in-flight bound); more wait in the
     *                       accept queue; -1 for none
     * @param acceptCount    backlog asked of the kernel for the listening socket (capped by somaxconn); -1 where the
     *                       server does not tell (Netty)
     * @param keepAliveTimeoutMs    how long an idle connection is kept
     * @param maxKeepAliveRequests  requests per connection before the server closes it (1: no keep-alive; -1:
     *                              no such limit, as on Jetty)
     * @param maxHeaderBytes        largest request header the server accepts
     * @param socketBufferBytes     the buffers each connection's bytes go through, e.g. {@code 1024/1024} on Tomcat
     */
    public record WebServerLimits(String name, String executor, int maxThreads, int maxConnections, int acceptCount,
                                  int keepAliveTimeoutMs, int maxKeepAliveRequests, int maxHeaderBytes,
                                  String socketBufferBytes) {
    }
}
