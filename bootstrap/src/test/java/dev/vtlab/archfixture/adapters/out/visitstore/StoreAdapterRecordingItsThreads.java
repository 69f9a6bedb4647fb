package dev.vtlab.archfixture.adapters.out.visitstore;

import dev.vtlab.archfixture.lab.LabRecorder;

/** Fixture violation: an outgoing adapter that calls the lab itself instead of being wrapped by it. */
public class StoreAdapterRecordingItsThreads {

    public void save(LabRecorder lab) {
        lab.record();
    }
}
