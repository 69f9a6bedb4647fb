package dev.vtlab.adapters.out;

import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Visit;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * What the persistence adapters whose calls block share (the sleepy and the JDBC one): the async style runs the
 * blocking call on the executor the adapter was given (flag R decides which), never on one it picks. The HTTP
 * adapter does not block and is not one of them.
 */
public abstract class BlockingVisitRepository implements VisitRepository {

    private final Executor asyncExecutor;

    /** @param asyncExecutor where {@link #countAsync()} and {@link #saveAsync(Visit)} wait */
    protected BlockingVisitRepository(Executor asyncExecutor) {
        this.asyncExecutor = asyncExecutor;
    }

    @Override
    public final CompletableFuture<Long> countAsync() {
        return CompletableFuture.supplyAsync(this::count, asyncExecutor);
    }

    @Override
    public final CompletableFuture<Void> saveAsync(Visit visit) {
        return CompletableFuture.runAsync(() -> save(visit), asyncExecutor);
    }
}
