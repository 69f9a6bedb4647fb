package dev.vtlab.loadgenfixture.loadgen;

/** Fixture: the entry point layer. */
public class Main {
}
