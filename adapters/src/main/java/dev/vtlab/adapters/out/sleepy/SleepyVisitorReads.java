package dev.vtlab.adapters.out.sleepy;

import dev.vtlab.application.port.out.LastVisits;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.application.port.out.VisitCounts;
import dev.vtlab.domain.VisitorName;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The visitor card's three reads, sleepy: each blocks for its own delay (slow I/O, like
 * {@link SleepyVisitRepository}) and answers from what it knows, which is nothing of the visitor: no visits, no
 * last visit, and a recommendation picked by the name. Where each wait runs is the caller's: this adapter makes
 * no thread.
 */
public final class SleepyVisitorReads implements VisitCounts, LastVisits, Recommendations {

    private static final List<String> READING = List.of("Virtual threads: where they help (docs/where-to-place-virtual-threads.md)",
            "Capacity: Little's law against the measurements (docs/capacity.md)",
            "JDK 21 against 25: pinning and the common pool (docs/jdk-21-vs-25.md)");

    private final Duration visitCountDelay;
    private final Duration lastVisitDelay;
    private final Duration recommendationDelay;

    /**
     * @param visitCountDelay     how long {@link #visitsOf} blocks
     * @param lastVisitDelay      how long {@link #lastVisitOf} blocks
     * @param recommendationDelay how long {@link #recommendationFor} blocks
     */
    public SleepyVisitorReads(Duration visitCountDelay, Duration lastVisitDelay, Duration recommendationDelay) {
        this.visitCountDelay = visitCountDelay;
        this.lastVisitDelay = lastVisitDelay;
        this.recommendationDelay = recommendationDelay;
    }

    @Override
    public long visitsOf(VisitorName visitor) {
        waitFor(visitCountDelay, "visit count");
        return 0;
    }

    @Override
    public Optional<Instant> lastVisitOf(VisitorName visitor) {
        waitFor(lastVisitDelay, "last visit");
        return Optional.empty();
    }

    @Override
    public String recommendationFor(VisitorName visitor) {
        waitFor(recommendationDelay, "recommendation");
        return READING.get(Math.floorMod(visitor.value().hashCode(), READING.size()));
    }

    /** A blocking wait, which parks a virtual thread and holds a platform thread; an interrupt ends it. */
    private static void waitFor(Duration delay, String what) {
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the " + what, e);
        }
    }
}
