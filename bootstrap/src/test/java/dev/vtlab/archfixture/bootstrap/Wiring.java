package dev.vtlab.archfixture.bootstrap;

import java.util.concurrent.Executors;

/** Fixture: the composition root, which may create executors. */
public class Wiring {

    public Object executor() {
        return Executors.newVirtualThreadPerTaskExecutor();
    }
}
