package dev.vtlab.loadgen.load;

import java.util.concurrent.ForkJoinPool;

/**
 * What the load generator itself ran on.
 *
 * @param availableProcessors   cores the client JVM sees
 * @param javaVersion           {@code java.version}
 * @param javaVendor            {@code java.vendor}
 * @param commonPoolParallelism the client's common-pool parallelism
 * @param maxHeapBytes          the client's {@code Runtime.maxMemory()}
 * @param os                    {@code os.name os.arch}
 */
public record ClientEnvironment(int availableProcessors, String javaVersion, String javaVendor,
                                int commonPoolParallelism, long maxHeapBytes, String os) {

    public static ClientEnvironment current() {
        return new ClientEnvironment(Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vendor"), ForkJoinPool.getCommonPoolParallelism(),
                Runtime.getRuntime().maxMemory(), System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    }
}
