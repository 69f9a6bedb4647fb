package dev.vtlab.archfixture.adapters.config;

import dev.vtlab.archfixture.adapters.lab.LabRecorder;

import java.util.concurrent.Executors;

/** Fixture: the composition root, which may create executors. */
public class Wiring {

    public Object executor() {
        return Executors.newVirtualThreadPerTaskExecutor() + new LabRecorder().toString();
    }
}
