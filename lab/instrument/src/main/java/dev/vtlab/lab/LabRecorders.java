package dev.vtlab.lab;

import dev.vtlab.application.port.out.VisitRepository;

import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * The lab's recorders for the composition root's hook: it passes the repository adapter and the wrapper's executor
 * it made through {@link #aroundTheRepository()} and {@link #aroundTheWrapper()}, and runs what comes back. Also
 * answers how many visits were saved, from the repository it recorded.
 */
public final class LabRecorders implements VisitCountSource {

    private final ThreadPlacement placement = new ThreadPlacement();
    private volatile RecordingVisitRepository repository;

    /** Where the recorders write. */
    public ThreadPlacement placement() {
        return placement;
    }

    /** Puts a {@link RecordingVisitRepository} around the persistence adapter. */
    public UnaryOperator<VisitRepository> aroundTheRepository() {
        return adapter -> {
            RecordingVisitRepository recorded = new RecordingVisitRepository(adapter, placement);
            repository = recorded;
            return recorded;
        };
    }

    /** Puts a {@link RecordingExecutor} around the executor {@code /wrapped} hands to {@code supplyAsync}. */
    public UnaryOperator<Executor> aroundTheWrapper() {
        return executor -> new RecordingExecutor(executor, Layer.WRAPPER, placement);
    }

    @Override
    public long visitsSaved() {
        RecordingVisitRepository recorded = repository;
        return recorded == null ? 0 : recorded.visitsSaved();
    }
}
