package dev.vtlab.archfixture.lab;

/** Fixture: a lab class, so that the Lab layer is not empty; the violation is in whoever calls it. */
public class LabRecorder {

    public void record() {
    }
}
