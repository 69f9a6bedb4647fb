package dev.vtlab.loadgenfixture.loadgen.capacity;

/** Fixture: a clean class, so that the layer is not empty. */
public class CapacityPart {
}
