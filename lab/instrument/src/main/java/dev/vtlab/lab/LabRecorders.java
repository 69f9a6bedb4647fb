package dev.vtlab.lab;

import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.VisitRepository;

import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * The lab's recorders for the composition root's hook: it passes the repository adapter, the wrapper's executor
 * and the fan-out it made through {@link #aroundTheRepository()}, {@link #aroundTheWrapper()} and
 * {@link #aroundTheFanOut()}, and runs what comes back. Also answers how many visits were saved, from the
 * repository it recorded.
 */
public final class LabRecorders implements VisitCountSource {

    private final ThreadPlacement placement = new ThreadPlacement();
    private final FanOutAftermath fanOutAftermath = new FanOutAftermath();
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

    /** Where the fan-out's recorder writes. */
    public FanOutAftermath fanOutAftermath() {
        return fanOutAftermath;
    }

    /** Puts a {@link RecordingIndependentReads} around the fan-out {@code /fanout}'s use case calls. */
    public UnaryOperator<IndependentReads> aroundTheFanOut() {
        return fanOut -> new RecordingIndependentReads(fanOut, fanOutAftermath, placement);
    }

    @Override
    public long visitsSaved() {
        RecordingVisitRepository recorded = repository;
        return recorded == null ? 0 : recorded.visitsSaved();
    }
}
