package dev.vtlab.downstream.serving;

import java.util.List;

/**
 * What the downstreams recommend to the visitor card, the same list in the visit store and the database: a visitor
 * with N visits gets the reading at N modulo their number, the one after those their visits took in turn.
 */
public final class Readings {

    /** In turn, from 0. */
    public static final List<String> IN_TURN = List.of(
            "Virtual threads: where they help (docs/where-to-place-virtual-threads.md)",
            "Capacity: Little's law against the measurements (docs/capacity.md)",
            "JDK 21 against 25: pinning and the common pool (docs/jdk-21-vs-25.md)");

    private Readings() {
    }

    /** The reading for a visitor with {@code visits} visits. */
    public static String after(long visits) {
        return IN_TURN.get((int) (visits % IN_TURN.size()));
    }
}
