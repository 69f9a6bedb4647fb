package dev.vtlab.loadgen.lab;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

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
 * @param tomcat                 Tomcat's connector limits
 * @param repositoryCountDelayMs the sleepy repository's count delay
 * @param repositorySaveDelayMs  the sleepy repository's save delay
 * @param repository             the persistence adapter: {@code sleepy} or {@code http}
 * @param repositoryUrl          the visit store's URL for {@code http}, else {@code null}
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerEnvironment(Flags flags, boolean springVirtualThreads, String javaVersion, String javaVendor,
                                int availableProcessors, int commonPoolParallelism, long maxHeapBytes,
                                TomcatLimits tomcat, long repositoryCountDelayMs, long repositorySaveDelayMs,
                                String repository, String repositoryUrl) {

    /**
     * The flags as the server reports them.
     *
     * @param label e.g. {@code T1 A0 W0 R1}
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Flags(boolean tomcat, boolean asyncExecutor, boolean wrapper, boolean repository, String label) {
    }

    /**
     * Tomcat's connector as it runs.
     *
     * @param executor       the request executor's class
     * @param maxThreads     the platform pool's size
     * @param maxConnections connections held at once
     * @param acceptCount    the kernel's accept queue asked for
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TomcatLimits(String executor, int maxThreads, int maxConnections, int acceptCount) {
    }

    /** The sum of the repository delays: no request can be faster. */
    public long floorMs() {
        return repositoryCountDelayMs + repositorySaveDelayMs;
    }
}
