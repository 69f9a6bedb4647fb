package dev.vtlab.loadgen.load;

import java.lang.management.ManagementFactory;
import java.util.List;
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
 * @param jvmOptions            the client JVM's options (collector, heap, JIT: they decide how much CPU the
 *                              client takes from a server on the same cores)
 */
public record ClientEnvironment(int availableProcessors, String javaVersion, String javaVendor,
                                int commonPoolParallelism, long maxHeapBytes, String os, List<String> jvmOptions) {

    /**
     * The load generator's CPU time so far, all its threads: on one machine with the server it is taken from the
     * same cores, so a run reports it.
     */
    public static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    public static ClientEnvironment current() {
        return new ClientEnvironment(Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vendor"), ForkJoinPool.getCommonPoolParallelism(),
                Runtime.getRuntime().maxMemory(), System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }

    /** The options in one line, or a note that the JVM ran with its defaults. */
    public String jvmOptionsLine() {
        return jvmOptions == null || jvmOptions.isEmpty() ? "JVM defaults (no client-loadgen/jvm.options)"
                : String.join(" ", jvmOptions);
    }
}
