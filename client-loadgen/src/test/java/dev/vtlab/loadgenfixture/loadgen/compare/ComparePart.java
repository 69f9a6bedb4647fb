package dev.vtlab.loadgenfixture.loadgen.compare;

/** Fixture: a clean class, so that the layer is not empty. */
public class ComparePart {
}
