package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.RateSummary;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * When a step of the capacity search holds: its p99 (from each request's due time) at most 1.5 x the floor,
 * nothing failed, and at least 99% of the offered rate completed. A step broken by a stall rather than by a queue
 * is run once more, and the second run decides ({@link #runAgain}).
 */
public final class HoldRule {

    /** How far above the floor a step's p99 may be: the queue a held rate may build. */
    public static final double P99_OVER_FLOOR = 1.5;
    /** The share of the offered rate that must complete. */
    public static final double COMPLETED_SHARE = 0.99;
    /**
     * A step broken by a stall, with at least this share of the offered rate completed and nothing failed, is run
     * once more. Near the CPU's knee the server stalls now and then for a few hundred milliseconds (its collector
     * copying the requests it holds, above all with T on, where each held request keeps its thread's stack), so
     * whether a 4 s window breaks the hold rule turned on whether a stall fell in it; a rate past a pool's ceiling
     * builds a queue instead, falls 5 to 6% short and its latency grows to the step's end.
     */
    public static final double RUN_AGAIN_SHARE = 0.97;

    private HoldRule() {
    }

    /**
     * Why a step did not hold, one reason per broken condition; empty when it held.
     *
     * @param offered   requests per second offered
     * @param completed successes per second
     * @param p99Ms     p99 from the due time, of the successes
     * @param failed    requests that failed
     * @param floorMs   the repository's delays summed: no request can be faster
     */
    public static List<String> broken(double offered, double completed, double p99Ms, long failed, long floorMs) {
        List<String> reasons = new ArrayList<>();
        double p99Limit = P99_OVER_FLOOR * floorMs;
        if (p99Ms > p99Limit) {
            reasons.add(String.format(Locale.ROOT, "p99 %.0f ms > %.0f ms", p99Ms, p99Limit));
        }
        if (failed > 0) {
            reasons.add(failed + " failed");
        }
        if (completed < COMPLETED_SHARE * offered) {
            reasons.add(String.format(Locale.ROOT, "completed %.1f < 99%% of %.1f req/s", completed, offered));
        }
        return reasons;
    }

    /**
     * How far past the floor a service's p99 must be, besides {@value #P99_OVER_FLOOR} x the floor, for
     * {@code ceilings} to call it a queue: on a page of a few milliseconds, 1.5 x its median is a few milliseconds
     * more, less than its jitter (a warm page of 5 ms had a p99 of 12 ms at a third of its knee), while past a knee the
     * queue grows by seconds. 100 ms is what a reader's users notice, and what vegeta's knee is judged by here.
     */
    public static final double QUEUE_MARGIN_MS = 100;
    /** A step's latency grew through it when its last second's p99 is this many times its first's. */
    static final double GROWTH = 2;

    /**
     * Why a step of {@code ceilings} did not hold: as {@link #broken}, but its latency breaks it only as a queue
     * does, its p99 past {@value #P99_OVER_FLOOR} x the floor and either {@value #QUEUE_MARGIN_MS} ms past the
     * floor, or grown through the step to that ({@link #grew}: a queue that began late in the step, whose early
     * seconds keep the step's p99 low). A service's floor is its own median, jitter and all: a 5 ms page whose p99
     * went from 8 to 19 ms within a step at 405 req/s (spring-petclinic, its CPU 56% busy) had doubled, and was no
     * queue; a step over a knee piles up what it offers beyond it, and at the ladder's smallest step past a knee
     * (a bisection: a few %) that wait reaches 100 ms within seconds.
     *
     * @param seconds the step second by second, by when requests ended
     */
    public static List<String> brokenByAQueue(double offered, double completed, double p99Ms, long failed,
                                              double floorMs, List<RateSummary.Second> seconds) {
        List<String> reasons = new ArrayList<>();
        double relative = P99_OVER_FLOOR * floorMs;
        if (p99Ms > relative && p99Ms > floorMs + QUEUE_MARGIN_MS) {
            reasons.add(String.format(Locale.ROOT, "p99 %.0f ms > %.0f ms (%.1f x the floor and %.0f ms past it)",
                    p99Ms, queueLimitMs(floorMs), P99_OVER_FLOOR, QUEUE_MARGIN_MS));
        } else if (p99Ms > relative && grew(seconds, queueLimitMs(floorMs))) {
            reasons.add(String.format(Locale.ROOT, "p99 %.0f ms > %.0f ms and growing through the step past %.0f ms",
                    p99Ms, relative, floorMs + QUEUE_MARGIN_MS));
        }
        if (failed > 0) {
            reasons.add(failed + " failed");
        }
        if (completed < COMPLETED_SHARE * offered) {
            reasons.add(String.format(Locale.ROOT, "completed %.1f < 99%% of %.1f req/s", completed, offered));
        }
        return reasons;
    }

    /**
     * Whether the latency grew through a step, as a queue's does: in the last second it sent requests, the p99 of
     * those that ended was past {@code limitMs} and at least {@value #GROWTH} x that of the first second.
     */
    static boolean grew(List<RateSummary.Second> seconds, double limitMs) {
        List<RateSummary.Second> ended = seconds.stream().filter(s -> s.offered() > 0 && s.completed() > 0).toList();
        if (ended.size() < 2) {
            return false;
        }
        double last = ended.getLast().p99Ms();
        return last > limitMs && last >= GROWTH * ended.getFirst().p99Ms();
    }

    /**
     * Whether a step's latency came back before its end: in the last second it sent requests, the p99 of the
     * requests that ended was within the limit and below that of its worst second. Past a ceiling a queue builds and
     * the latency grows to the step's end; after a stall the requests are served on time again.
     *
     * @param seconds the step second by second, by when requests ended
     * @param floorMs the repository's delays summed
     */
    public static boolean stallPassed(List<RateSummary.Second> seconds, long floorMs) {
        return cameBack(seconds, P99_OVER_FLOOR * floorMs);
    }

    /**
     * As {@link #stallPassed}, for a step of {@code ceilings}, judged as {@link #brokenByAQueue} judges it: the
     * latency came back within {@value #P99_OVER_FLOOR} x the floor or {@value #QUEUE_MARGIN_MS} ms past it, the
     * larger. On a page of a few milliseconds the p99 of a second at a held rate is several times the floor (a 3 ms
     * page: 12 to 70 ms), so by the floor alone no stall ever passed, and a step broken by one was never run again
     * (spring-petclinic broke at 437 req/s on a p99 of 108 ms, and held at 423 with 12 ms).
     */
    public static boolean stallPassedByAQueue(List<RateSummary.Second> seconds, double floorMs) {
        return cameBack(seconds, queueLimitMs(floorMs));
    }

    /** The latency past which {@code ceilings} calls a step's p99 a queue: the larger of its two limits. */
    public static double queueLimitMs(double floorMs) {
        return Math.max(P99_OVER_FLOOR * floorMs, floorMs + QUEUE_MARGIN_MS);
    }

    private static boolean cameBack(List<RateSummary.Second> seconds, double limitMs) {
        List<RateSummary.Second> sending = seconds.stream().filter(s -> s.offered() > 0).toList();
        if (sending.size() < 2 || sending.getLast().completed() == 0) {
            return false; // too short to tell, or nothing ended at the end: no latency came back
        }
        double last = sending.getLast().p99Ms();
        double worst = sending.stream().mapToDouble(RateSummary.Second::p99Ms).max().orElseThrow();
        return last <= limitMs && last < worst;
    }

    /**
     * Whether a step is run once more, the second run deciding: it did not hold, nothing failed, at least
     * {@value #RUN_AGAIN_SHARE} of the offered rate completed, and it was broken by a stall: one that fell at its end
     * (only the completed share broken, the p99 within the limit) or one it recovered from ({@link #stallPassed}).
     *
     * @param offered     requests per second offered
     * @param completed   successes per second
     * @param failed      requests that failed
     * @param broken      what {@link #broken} said of the step
     * @param stallPassed what {@link #stallPassed} said of it
     */
    public static boolean runAgain(double offered, double completed, long failed, List<String> broken,
                                   boolean stallPassed) {
        boolean onlyShort = broken.size() == 1 && completed < COMPLETED_SHARE * offered;
        return !broken.isEmpty() && failed == 0 && completed >= RUN_AGAIN_SHARE * offered
                && (onlyShort || stallPassed);
    }

    /**
     * What a step's line adds about running it again: on a first run that is run again, that it is; on the second run,
     * that it is one; nothing on a step that ran once.
     */
    public static String runAgainNote(boolean firstOfTwo, boolean secondRun) {
        return secondRun ? " (run again)" : firstOfTwo ? "; broken by a stall: run once more" : "";
    }

    /**
     * The runs of {@code steps} in the order they ran, each with what its line adds ({@link #runAgainNote}): a step
     * run again shows its first run, then the second that decided.
     *
     * @param firstRun a step's first run, {@code null} when it ran once
     */
    public static <S> List<Map.Entry<S, String>> runsInOrder(List<S> steps, UnaryOperator<S> firstRun) {
        List<Map.Entry<S, String>> runs = new ArrayList<>();
        for (S step : steps) {
            S first = firstRun.apply(step);
            if (first != null) {
                runs.add(new AbstractMap.SimpleImmutableEntry<>(first, runAgainNote(true, false)));
            }
            runs.add(new AbstractMap.SimpleImmutableEntry<>(step, runAgainNote(false, first != null)));
        }
        return runs;
    }
}
