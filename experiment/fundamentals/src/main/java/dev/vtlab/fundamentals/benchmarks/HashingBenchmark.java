package dev.vtlab.fundamentals.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Where not to place them, part one: CPU-bound work. A batch of {@code tasks} tasks, each hashing {@code bytes}
 * with SHA-256 {@code rounds} times, on a pool of platform threads sized to the cores (what one would use for CPU
 * work) or on a virtual thread per task (whose carriers are that many platform threads anyway). Throughput in
 * batches per second: the cores do the work either way.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HashingBenchmark {

    @Param({"PLATFORM", "VIRTUAL"})
    public BenchmarkedThreads kind;

    @Param({"64"})
    public int tasks;

    @Param({"16"})
    public int rounds;

    @Param({"16384"})
    public int bytes;

    private ExecutorService executor;
    private byte[] data;

    @Setup(Level.Trial)
    public void setUp() {
        executor = kind == BenchmarkedThreads.VIRTUAL ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        data = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            data[i] = (byte) i;
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        executor.close();
    }

    /** One batch; returns the digests' first bytes so nothing is optimised away. */
    @Benchmark
    public int hashBatch() throws InterruptedException, ExecutionException {
        List<Future<Byte>> results = new ArrayList<>(tasks);
        for (int t = 0; t < tasks; t++) {
            results.add(executor.submit(this::hash));
        }
        int sum = 0;
        for (Future<Byte> result : results) {
            sum += result.get();
        }
        return sum;
    }

    private byte hash() throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] digest = data;
        for (int r = 0; r < rounds; r++) {
            sha.update(data);
            digest = sha.digest(digest);
        }
        return digest[0];
    }
}
