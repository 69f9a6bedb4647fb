package dev.vtlab.fundamentals.probes;

import dev.vtlab.fundamentals.benchmarks.BenchmarkedThreads;

import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Where not to place them, part two: fairness. As many long CPU-bound tasks as there are cores ({@code busyMillis}
 * each, never blocking), then one short task: how long until it runs. Platform threads are time-sliced by the
 * operating system, so it runs within a scheduler tick; virtual threads are not time-sliced, so it waits for a
 * carrier, that is for a long task to end. Arguments: {@code KIND BUSY_MILLIS}.
 */
public final class FairnessProbe {

    private FairnessProbe() {
    }

    public static void main(String[] args) throws InterruptedException {
        BenchmarkedThreads kind = BenchmarkedThreads.valueOf(args[0]);
        long busyMillis = Long.parseLong(args[1]);
        int cores = Runtime.getRuntime().availableProcessors();
        CountDownLatch busy = new CountDownLatch(cores);
        Thread[] hogs = new Thread[cores];
        for (int i = 0; i < cores; i++) {
            hogs[i] = kind.builder().start(() -> {
                busy.countDown();
                spin(busyMillis);
            });
        }
        busy.await(); // every carrier (or core) is taken now
        long submitted = System.nanoTime();
        long[] startedAt = new long[1];
        Thread shortTask = kind.builder().start(() -> startedAt[0] = System.nanoTime());
        shortTask.join();
        for (Thread hog : hogs) {
            hog.join();
        }
        new ProbeResult("fairness", kind.name(), cores + " CPU-bound tasks of " + busyMillis + " ms, then one short task",
                Map.of("shortTaskWaitMs", (startedAt[0] - submitted) / 1e6)).print();
    }

    /** Busy for {@code millis} of wall time, without blocking or yielding. */
    static long spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + end);
        }
        return x;
    }
}
