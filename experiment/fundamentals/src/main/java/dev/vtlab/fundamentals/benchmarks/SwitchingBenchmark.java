package dev.vtlab.fundamentals.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

/**
 * What it costs to switch: {@code roundTrips} synchronous request-reply messages between two threads of one kind
 * (a {@link SynchronousQueue} each way, so every message blocks one thread and wakes the other), as Fibry's two
 * actors did: 250,000 took 4,700 ms on threads and 1,500 ms on fibers in 2019. The runner also measures the
 * virtual pair with the virtual scheduler's parallelism set to 1 ({@code jdk.virtualThreadScheduler.parallelism}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SwitchingBenchmark {

    @Param({"PLATFORM", "VIRTUAL"})
    public BenchmarkedThreads kind;

    @Param({"250000"})
    public int roundTrips;

    /** All round trips, from the first request to the last reply. */
    @Benchmark
    public long pingPong() throws InterruptedException {
        SynchronousQueue<Integer> requests = new SynchronousQueue<>();
        SynchronousQueue<Integer> replies = new SynchronousQueue<>();
        int trips = roundTrips;
        Thread requester = kind.builder().start(() -> {
            try {
                for (int i = 0; i < trips; i++) {
                    requests.put(i);
                    replies.take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread replier = kind.builder().start(() -> {
            try {
                for (int i = 0; i < trips; i++) {
                    replies.put(requests.take() + 1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        requester.join();
        replier.join();
        return trips;
    }
}
