package dev.vtlab.adapters.out.sleepy;

import dev.vtlab.adapters.out.BlockingVisitRepository;
import dev.vtlab.domain.Visit;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Persistence adapter: keeps visits in memory and blocks for a fixed delay on each call, standing in for a slow
 * database, optionally under a driver-like lock ({@link WaitGuard}). The count is exact under any concurrency: N
 * successful saves add exactly N.
 */
public final class SleepyVisitRepository extends BlockingVisitRepository {

    private final AtomicLong saved = new AtomicLong();
    private final Duration countDelay;
    private final Duration saveDelay;
    private final Connections connections;

    /**
     * @param countDelay    how long {@link #count()} blocks
     * @param saveDelay     how long {@link #save(Visit)} blocks
     * @param asyncExecutor where {@link #countAsync()} and {@link #saveAsync(Visit)} wait (flag R decides)
     * @param guard         the lock each call waits under
     */
    public SleepyVisitRepository(Duration countDelay, Duration saveDelay, Executor asyncExecutor, WaitGuard guard) {
        super(asyncExecutor);
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
        this.connections = new Connections(guard);
    }

    @Override
    public long count() {
        waitFor(countDelay);
        return saved.get();
    }

    @Override
    public void save(Visit visit) {
        waitFor(saveDelay);
        saved.incrementAndGet();
    }

    /** The slow I/O, on a connection: a blocking wait, which parks a virtual thread and holds a platform thread. */
    private void waitFor(Duration delay) {
        connections.use(() -> {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the repository", e);
            }
        });
    }
}
