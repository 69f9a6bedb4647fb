package dev.vtlab.archfixture.cycleb;

import dev.vtlab.archfixture.cyclea.NeedsB;

/** Fixture violation: the other half of the package cycle. */
public class NeedsA {

    public void call(NeedsB b) {
    }
}
