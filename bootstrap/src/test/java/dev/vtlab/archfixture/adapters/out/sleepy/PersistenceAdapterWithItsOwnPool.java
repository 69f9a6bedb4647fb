package dev.vtlab.archfixture.adapters.out.sleepy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Fixture violation: an adapter that picks its own executor instead of being given one. */
public class PersistenceAdapterWithItsOwnPool {

    private final ExecutorService pool = Executors.newCachedThreadPool();

    public void save() {
        pool.execute(() -> { });
    }
}
