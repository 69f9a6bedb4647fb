package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.IndependentReads.Read;

import java.util.List;

/** Test helper: the card's three reads, answering at once, for tests of what a fan-out does around its reads. */
public final class CardReads {

    private CardReads() {
    }

    /** Visit count, last visit and recommendation, each answering a fixed value on whichever thread runs it. */
    public static List<Read<?>> three() {
        return List.of(new Read<>("visit-count", () -> 1L), new Read<>("last-visit", () -> "never"),
                new Read<>("recommendation", () -> "docs/capacity.md"));
    }
}
