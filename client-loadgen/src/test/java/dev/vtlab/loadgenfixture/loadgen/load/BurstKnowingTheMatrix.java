package dev.vtlab.loadgenfixture.loadgen.load;

import dev.vtlab.loadgenfixture.loadgen.matrix.Runner;

/** Fixture violation: the burst engine calling up into the experiment runner. */
public class BurstKnowingTheMatrix {

    public void fire(Runner runner) {
        runner.run();
    }
}
