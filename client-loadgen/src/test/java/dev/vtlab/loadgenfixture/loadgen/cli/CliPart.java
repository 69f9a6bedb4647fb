package dev.vtlab.loadgenfixture.loadgen.cli;

/** Fixture: a clean class, so that the layer is not empty. */
public class CliPart {
}
