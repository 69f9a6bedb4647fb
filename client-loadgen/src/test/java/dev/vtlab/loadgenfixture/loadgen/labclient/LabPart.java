package dev.vtlab.loadgenfixture.loadgen.labclient;

/** Fixture: a clean class, so that the layer is not empty. */
public class LabPart {
}
