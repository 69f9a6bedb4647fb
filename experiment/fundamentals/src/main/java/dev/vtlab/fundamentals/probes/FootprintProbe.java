package dev.vtlab.fundamentals.probes;

import dev.vtlab.fundamentals.benchmarks.BenchmarkedThreads;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Memory per parked thread, as the JVM reports it: {@code count} threads of a kind, each {@code depth} frames deep
 * and parked, against the same JVM before they started. Heap after a full collection (a parked virtual thread's
 * stack lives in heap objects, its stack chunks) and native memory tracking's {@code Thread} category, committed
 * (a platform thread's stack). Run in a JVM of its own with {@code -XX:NativeMemoryTracking=summary}; arguments:
 * {@code KIND COUNT DEPTH}.
 */
public final class FootprintProbe {

    private static final Pattern THREAD_COMMITTED = Pattern.compile("-\\s+Thread \\(reserved=\\d+KB, committed=(\\d+)KB");

    private FootprintProbe() {
    }

    public static void main(String[] args) throws Exception {
        BenchmarkedThreads kind = BenchmarkedThreads.valueOf(args[0]);
        int count = Integer.parseInt(args[1]);
        int depth = Integer.parseInt(args[2]);
        long heapBefore = heapAfterCollection();
        long nativeBefore = threadNativeBytes();
        CountDownLatch parked = new CountDownLatch(count);
        CountDownLatch release = new CountDownLatch(1);
        Thread[] threads = new Thread[count];
        for (int i = 0; i < count; i++) {
            threads[i] = kind.builder().start(() -> descendThenPark(depth, parked, release));
        }
        parked.await();
        long heapParked = heapAfterCollection();
        long nativeParked = threadNativeBytes();
        release.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("heapBytesPerThread", (double) (heapParked - heapBefore) / count);
        values.put("nativeThreadBytesPerThread", (double) (nativeParked - nativeBefore) / count);
        new ProbeResult("footprint", kind.name(), count + " threads, depth " + depth, values).print();
    }

    /** Recurses {@code depth - 1} frames, then says it is parked and parks until released. */
    static int descendThenPark(int depth, CountDownLatch parked, CountDownLatch release) {
        if (depth > 1) {
            return descendThenPark(depth - 1, parked, release) + 1;
        }
        parked.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 1;
    }

    private static long heapAfterCollection() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** NMT's committed bytes for thread stacks and thread structures; 0 when NMT is off. */
    private static long threadNativeBytes() throws Exception {
        String summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
        Matcher m = THREAD_COMMITTED.matcher(summary);
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : 0;
    }
}
