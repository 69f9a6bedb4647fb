package dev.vtlab.lab;

/** Lab port: how many visits the repository holds, read without waiting, to check that no write was lost. */
@FunctionalInterface
public interface VisitCountSource {

    /** The exact number of visits saved so far. */
    long visitsSaved();
}
