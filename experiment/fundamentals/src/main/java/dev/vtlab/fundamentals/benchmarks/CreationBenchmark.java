package dev.vtlab.fundamentals.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What it costs to create a thread: start one that does nothing and wait for it to end; and Fibry's form, start
 * {@code parked} threads that stay alive (parked on a latch) until all are started, then let them end. Fibry's
 * 2019 figure: 3,000 platform threads in 210 ms, and 200,000 fibers in the same time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
public class CreationBenchmark {

    @Param({"PLATFORM", "VIRTUAL"})
    public BenchmarkedThreads kind;

    @Param({"3000"})
    public int parked;

    private Thread.Builder builder;

    @Setup
    public void setUp() {
        builder = kind.builder();
    }

    /** One thread started and joined. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void startAndJoin() throws InterruptedException {
        builder.start(() -> { }).join();
    }

    /** {@code parked} threads started, each alive until all have started, then released and joined. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void startParkedThenRelease() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread[] threads = new Thread[parked];
        for (int i = 0; i < parked; i++) {
            threads[i] = builder.start(() -> awaitQuietly(release));
        }
        release.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
    }

    static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
