package dev.vtlab.archfixture.adapters.lab;

/** Fixture: a clean lab class, so that the Lab layer is not empty. */
public class LabRecorder {
}
