package dev.vtlab.lab;

import javax.management.JMException;
import javax.management.ObjectName;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Lab recorder: the server JVM's thread and memory figures for one run (since the last reset). */
public final class JvmFigures {

    private static final Path PROC_STATUS = Path.of("/proc/self/status");

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final VirtualThreadEvents virtualThreads;
    private volatile long platformStartedAtReset = threads.getTotalStartedThreadCount();

    public JvmFigures(VirtualThreadEvents virtualThreads) {
        this.virtualThreads = virtualThreads;
    }

    /** Starts a new run: peak and started counts from now on. */
    public void reset() {
        threads.resetPeakThreadCount();
        platformStartedAtReset = threads.getTotalStartedThreadCount();
        virtualThreads.reset();
    }

    /** The figures now. ThreadMXBean counts platform threads only; virtual threads come from JFR. */
    public Snapshot snapshot() {
        return new Snapshot(
                threads.getThreadCount(),
                threads.getPeakThreadCount(),
                threads.getTotalStartedThreadCount() - platformStartedAtReset,
                virtualThreads.started(),
                virtualThreads.pinned(),
                virtualThreads.pinnedSites(),
                memory.getHeapMemoryUsage().getUsed(),
                memory.getHeapMemoryUsage().getCommitted(),
                residentSetBytes().orElse(-1L));
    }

    /**
     * The class histogram of live objects, as {@code jcmd <pid> GC.class_histogram} prints it: a full collection
     * first, then instances and bytes per class, and the total (the live heap). The load generator's {@code compare}
     * divides the growth during a burst by the requests held.
     */
    public String liveClassHistogram() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("this JVM has no diagnostic command bean: " + e.getMessage(), e);
        }
    }

    /** VmRSS from /proc (Linux); empty elsewhere. */
    static Optional<Long> residentSetBytes() {
        try {
            return Files.readAllLines(PROC_STATUS).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .map(line -> Long.parseLong(line.replaceAll("\\D", "")) * 1024)
                    .findFirst();
        } catch (IOException | RuntimeException notLinux) {
            return Optional.empty();
        }
    }

    /**
     * Lab value: JVM figures at one moment.
     *
     * @param platformThreadsLive    platform threads alive now
     * @param platformThreadsPeak    most platform threads alive at once since the reset
     * @param platformThreadsStarted platform threads started since the reset
     * @param virtualThreadsStarted  virtual threads started since the reset (JFR {@code jdk.VirtualThreadStart})
     * @param virtualThreadsPinned   pinned events since the reset (JFR {@code jdk.VirtualThreadPinned})
     * @param pinnedSites            the same events by where they happened ({@link PinnedSite})
     * @param heapUsedBytes          heap in use now (no GC is forced)
     * @param heapCommittedBytes     heap committed now
     * @param residentSetBytes       process RSS, -1 where /proc is missing
     */
    public record Snapshot(int platformThreadsLive, int platformThreadsPeak, long platformThreadsStarted,
                           long virtualThreadsStarted, long virtualThreadsPinned,
                           Map<String, Long> pinnedSites, long heapUsedBytes,
                           long heapCommittedBytes, long residentSetBytes) {
    }
}
