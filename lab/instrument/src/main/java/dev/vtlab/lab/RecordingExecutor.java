package dev.vtlab.lab;

import java.util.concurrent.Executor;

/**
 * Lab decorator: an executor that records, for each task, which thread ran it as the given {@link Layer}, then
 * runs it on the executor inside. Whoever is given this executor cannot tell it from the one inside.
 */
public final class RecordingExecutor implements Executor {

    private final Executor executor;
    private final Layer layer;
    private final ThreadPlacement placement;

    public RecordingExecutor(Executor executor, Layer layer, ThreadPlacement placement) {
        this.executor = executor;
        this.layer = layer;
        this.placement = placement;
    }

    @Override
    public void execute(Runnable task) {
        executor.execute(() -> {
            placement.record(layer);
            task.run();
        });
    }
}
