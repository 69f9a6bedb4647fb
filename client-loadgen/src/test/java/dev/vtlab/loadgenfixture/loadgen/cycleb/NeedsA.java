package dev.vtlab.loadgenfixture.loadgen.cycleb;

import dev.vtlab.loadgenfixture.loadgen.cyclea.NeedsB;

/** Fixture violation: the other half of the package cycle. */
public class NeedsA {

    public void call(NeedsB b) {
    }
}
