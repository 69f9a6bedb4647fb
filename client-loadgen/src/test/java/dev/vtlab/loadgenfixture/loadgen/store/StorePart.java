package dev.vtlab.loadgenfixture.loadgen.store;

/** Fixture: a clean class, so that the layer is not empty. */
public class StorePart {
}
