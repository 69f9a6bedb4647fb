package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.IndependentReads.Read;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks shared by the ways of fanning out. */
final class Branches {

    private Branches() {
    }

    /** At least one read, and no branch name twice (answers are kept by name). */
    static void requireDistinct(List<Read<?>> reads) {
        if (reads.isEmpty()) {
            throw new IllegalArgumentException("a fan-out needs at least one read");
        }
        Set<String> names = new HashSet<>();
        for (Read<?> read : reads) {
            if (!names.add(read.branch())) {
                throw new IllegalArgumentException("branch " + read.branch() + " given twice");
            }
        }
    }
}
