package dev.vtlab.archfixture.adapters.in.web;

import dev.vtlab.archfixture.adapters.out.sleepy.PersistenceAdapterWithItsOwnPool;

/** Fixture violation: a web adapter that calls a persistence adapter directly. */
public class WebAdapterCallingPersistence {

    public void call(PersistenceAdapterWithItsOwnPool persistence) {
        persistence.save();
    }
}
