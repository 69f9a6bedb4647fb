package dev.vtlab.lab;

import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Visit;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lab decorator: wraps any {@link VisitRepository} adapter, records which thread finished each call, and counts
 * the saves that succeeded, so that lost writes show. The adapter inside knows nothing of it.
 * For a blocking call that is the caller's thread; for a future, the thread that completed it (for the sleepy
 * adapter the one that waited; for the HTTP adapter the one the client handed the answer to).
 */
public final class RecordingVisitRepository implements VisitRepository {

    private final VisitRepository adapter;
    private final ThreadPlacement placement;
    private final LongAdder saved = new LongAdder();

    public RecordingVisitRepository(VisitRepository adapter, ThreadPlacement placement) {
        this.adapter = adapter;
        this.placement = placement;
    }

    @Override
    public long count() {
        long count = adapter.count();
        placement.record(Layer.REPOSITORY_COUNT);
        return count;
    }

    @Override
    public void save(Visit visit) {
        adapter.save(visit);
        placement.record(Layer.REPOSITORY_SAVE);
        saved.increment();
    }

    @Override
    public CompletableFuture<Long> countAsync() {
        return adapter.countAsync().thenApply(count -> {
            placement.record(Layer.REPOSITORY_COUNT);
            return count;
        });
    }

    @Override
    public CompletableFuture<Void> saveAsync(Visit visit) {
        return adapter.saveAsync(visit).thenRun(() -> {
            placement.record(Layer.REPOSITORY_SAVE);
            saved.increment();
        });
    }

    /** The saves that succeeded so far. */
    public long visitsSaved() {
        return saved.sum();
    }
}
