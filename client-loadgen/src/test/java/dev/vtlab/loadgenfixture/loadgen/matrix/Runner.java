package dev.vtlab.loadgenfixture.loadgen.matrix;

/** Fixture: a clean matrix class. */
public class Runner {

    public void run() {
    }
}
