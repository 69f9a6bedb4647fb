package dev.vtlab.loadgenfixture.loadgen.cyclea;

import dev.vtlab.loadgenfixture.loadgen.cycleb.NeedsA;

/** Fixture violation: one half of a package cycle. */
public class NeedsB {

    public void call(NeedsA a) {
        a.call(this);
    }
}
