package dev.vtlab.loadgen.labclient;

import java.io.IOException;

/** Where a run counts the visits saved, to find lost writes: the server's lab, or the visit store itself. */
@FunctionalInterface
public interface VisitCounter {

    /** The exact number of visits saved so far. */
    long visitsSaved() throws IOException, InterruptedException;
}
