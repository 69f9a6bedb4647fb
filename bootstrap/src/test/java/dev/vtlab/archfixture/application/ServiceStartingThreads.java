package dev.vtlab.archfixture.application;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/** Fixture violation: a use case that makes its own threads and executors in every way the rule knows. */
public class ServiceStartingThreads {

    public void violate(Executor given) {
        new Thread(() -> { }).start();
        Thread.ofVirtual().start(() -> { });
        ExecutorService pool = Executors.newFixedThreadPool(2);
        pool.shutdown();
        ForkJoinPool.commonPool().execute(() -> { });
        CompletableFuture.supplyAsync(() -> "picks the common pool");
        CompletableFuture.supplyAsync(() -> "uses the executor it was given: allowed", given);
    }
}
