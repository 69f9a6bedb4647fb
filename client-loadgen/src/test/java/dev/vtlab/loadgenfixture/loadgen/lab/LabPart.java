package dev.vtlab.loadgenfixture.loadgen.lab;

/** Fixture: a clean class, so that the layer is not empty. */
public class LabPart {
}
