package dev.vtlab.loadgen.capacity;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The rates a capacity search offers, one step after another: from {@code start}, x{@value #FACTOR} a step while
 * each holds; after the first that does not, halving the gap between the highest that held and the lowest that did
 * not, {@code bisections} times. A start that does not hold is halved until one does (at most
 * {@value #MAX_STEPS_DOWN} times); that brackets the knee within x2, not the climb's x{@value #FACTOR}, so the gap
 * is halved until it is as narrow as a climbing step before the {@code bisections} count. Counted from the first
 * halving, spring-petclinic's search (430 broke, 215 held) stopped at 377, 12% below the rate that broke. It stops at
 * {@code maxRate}, the most the client may offer.
 */
public final class RateLadder {

    public static final double FACTOR = 1.25;
    static final int MAX_STEPS_DOWN = 4;

    /**
     * A step that ran.
     *
     * @param rate offered requests per second
     * @param held whether it held ({@link HoldRule})
     */
    public record Rung(double rate, boolean held) {
    }

    private final double start;
    private final int bisections;
    private final double maxRate;

    public RateLadder(double start, int bisections, double maxRate) {
        if (!(start > 0) || !(maxRate >= start) || bisections < 0) {
            throw new IllegalArgumentException("start " + start + ", max " + maxRate + ", bisections " + bisections);
        }
        this.start = rounded(start);
        this.bisections = bisections;
        this.maxRate = maxRate;
    }

    /** The next rate to offer after {@code done}, in the order they ran; empty when the search is over. */
    public OptionalDouble next(List<Rung> done) {
        if (done.isEmpty()) {
            return OptionalDouble.of(start);
        }
        OptionalDouble held = done.stream().filter(Rung::held).mapToDouble(Rung::rate).max();
        OptionalDouble notHeld = done.stream().filter(r -> !r.held()).mapToDouble(Rung::rate).min();
        if (notHeld.isEmpty()) {
            double last = done.getLast().rate();
            return last >= maxRate ? OptionalDouble.empty() : OptionalDouble.of(Math.min(rounded(last * FACTOR),
                    maxRate));
        }
        if (held.isEmpty()) {
            return done.size() > MAX_STEPS_DOWN ? OptionalDouble.empty()
                    : fresh(rounded(notHeld.getAsDouble() / 2), done);
        }
        // The knee is bracketed from the first step after which both a held and a broken rate are known; each step
        // after it halved the gap, and counts once the gap it halved was no wider than a climbing step.
        int bracketed = 0;
        while (done.get(bracketed).held() == done.getFirst().held()) {
            bracketed++;
        }
        long bisected = 0;
        for (int step = bracketed + 1; step < done.size(); step++) {
            if (narrow(done.subList(0, step))) {
                bisected++;
            }
        }
        if (bisected >= bisections) {
            return OptionalDouble.empty();
        }
        return fresh(rounded((held.getAsDouble() + notHeld.getAsDouble()) / 2), done);
    }

    /** Whether the lowest rate that broke is at most one climbing step above the highest that held. */
    private static boolean narrow(List<Rung> done) {
        double held = sustained(done).orElseThrow();
        return firstNotHeld(done).orElseThrow() <= rounded(held * FACTOR);
    }

    /** The highest rate that held, if any did. */
    public static OptionalDouble sustained(List<Rung> done) {
        return done.stream().filter(Rung::held).mapToDouble(Rung::rate).max();
    }

    /** The lowest rate that did not hold, if any did not. */
    public static OptionalDouble firstNotHeld(List<Rung> done) {
        return done.stream().filter(r -> !r.held()).mapToDouble(Rung::rate).min();
    }

    /** {@code rate}, unless a step already offered it (rounding can meet an earlier rung): then the search ends. */
    private static OptionalDouble fresh(double rate, List<Rung> done) {
        return done.stream().anyMatch(r -> r.rate() == rate) ? OptionalDouble.empty() : OptionalDouble.of(rate);
    }

    /** Whole requests per second from 10 up, tenths below: rates a reader can repeat with {@code run --rate}. */
    public static double rounded(double rate) {
        return rate >= 10 ? Math.round(rate) : Math.max(0.1, Math.round(rate * 10) / 10.0);
    }
}
