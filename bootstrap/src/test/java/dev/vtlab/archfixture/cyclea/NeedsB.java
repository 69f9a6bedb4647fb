package dev.vtlab.archfixture.cyclea;

import dev.vtlab.archfixture.cycleb.NeedsA;

/** Fixture violation: one half of a package cycle. */
public class NeedsB {

    public void call(NeedsA a) {
        a.call(this);
    }
}
