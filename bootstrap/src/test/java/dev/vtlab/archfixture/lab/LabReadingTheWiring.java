package dev.vtlab.archfixture.lab;

import dev.vtlab.archfixture.bootstrap.Wiring;

/** Fixture violation: the lab reaching into the composition root instead of being handed what it measures. */
public class LabReadingTheWiring {

    public Object measure(Wiring wiring) {
        return wiring.executor();
    }
}
