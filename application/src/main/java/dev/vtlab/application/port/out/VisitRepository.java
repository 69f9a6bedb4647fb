package dev.vtlab.application.port.out;

import dev.vtlab.domain.Visit;

import java.util.concurrent.CompletableFuture;

/** Outgoing port: where visits are kept. Each call may wait on slow I/O. */
public interface VisitRepository {

    /** How many visits are kept. Blocks while the I/O happens. */
    long count();

    /** Keeps a visit. Blocks while the I/O happens. */
    void save(Visit visit);

    /** {@link #count()} as a future; the adapter decides which thread waits. */
    CompletableFuture<Long> countAsync();

    /** {@link #save(Visit)} as a future; the adapter decides which thread waits. */
    CompletableFuture<Void> saveAsync(Visit visit);
}
