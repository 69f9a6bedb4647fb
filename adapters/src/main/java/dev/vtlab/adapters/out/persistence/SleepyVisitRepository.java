package dev.vtlab.adapters.out.persistence;

import dev.vtlab.adapters.lab.Layer;
import dev.vtlab.adapters.lab.ThreadPlacement;
import dev.vtlab.adapters.lab.VisitTally;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Visit;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Persistence adapter: keeps visits in memory and blocks for a fixed delay on each call, standing in for a slow
 * database. The count is exact under any concurrency: N successful saves add exactly N.
 */
public final class SleepyVisitRepository implements VisitRepository, VisitTally {

    private final AtomicLong saved = new AtomicLong();
    private final Duration countDelay;
    private final Duration saveDelay;
    private final Executor asyncExecutor;
    private final ThreadPlacement placement;

    /**
     * @param countDelay    how long {@link #count()} blocks
     * @param saveDelay     how long {@link #save(Visit)} blocks
     * @param asyncExecutor where {@link #countAsync()} and {@link #saveAsync(Visit)} wait (flag R decides)
     * @param placement     the lab recorder told which thread waited
     */
    public SleepyVisitRepository(Duration countDelay, Duration saveDelay, Executor asyncExecutor,
                                 ThreadPlacement placement) {
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
        this.asyncExecutor = asyncExecutor;
        this.placement = placement;
    }

    @Override
    public long count() {
        placement.record(Layer.REPOSITORY_COUNT);
        waitFor(countDelay);
        return saved.get();
    }

    @Override
    public void save(Visit visit) {
        placement.record(Layer.REPOSITORY_SAVE);
        waitFor(saveDelay);
        saved.incrementAndGet();
    }

    @Override
    public CompletableFuture<Long> countAsync() {
        return CompletableFuture.supplyAsync(this::count, asyncExecutor);
    }

    @Override
    public CompletableFuture<Void> saveAsync(Visit visit) {
        return CompletableFuture.runAsync(() -> save(visit), asyncExecutor);
    }

    @Override
    public long visitsSaved() {
        return saved.get();
    }

    /** The slow I/O: a blocking wait, which parks a virtual thread and holds a platform thread. */
    private static void waitFor(Duration delay) {
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the repository", e);
        }
    }
}
