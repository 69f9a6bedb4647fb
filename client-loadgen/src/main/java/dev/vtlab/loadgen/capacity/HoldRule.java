package dev.vtlab.loadgen.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a step of the capacity search holds: its p99 (from each request's due time) at most 1.5 x the floor,
 * nothing failed, and at least 99% of the offered rate completed. A step that fell only just short of the completed
 * share is run once more, and the second run decides ({@link #runAgain}).
 */
public final class HoldRule {

    /** How far above the floor a step's p99 may be: the queue a held rate may build. */
    public static final double P99_OVER_FLOOR = 1.5;
    /** The share of the offered rate that must complete. */
    public static final double COMPLETED_SHARE = 0.99;
    /**
     * A step that broke only the completed share, with at least this share completed, is run once more. Near the
     * CPU's knee a step's completions swing by 5 to 10% from one second to the next (a collection, a scrape of the
     * meters), so a stall of some 50 ms at the end of a 4 s window reads as 1.3% short, and the search's knee fell
     * a rung low on it; a rate past a pool's ceiling falls 5 to 6% short, and does again.
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
     * Whether a step is run once more, the second run deciding: it did not hold, and broke the completed share alone
     * (its p99 within the limit, nothing failed), with at least {@value #RUN_AGAIN_SHARE} of the offered rate
     * completed.
     *
     * @param offered   requests per second offered
     * @param completed successes per second
     * @param broken    what {@link #broken} said of the step
     */
    public static boolean runAgain(double offered, double completed, List<String> broken) {
        return broken.size() == 1 && completed < COMPLETED_SHARE * offered && completed >= RUN_AGAIN_SHARE * offered;
    }

    /**
     * What a step's line adds about running it again: on a first run that is run again, that it is; on the second run,
     * that it is one; nothing on a step that ran once.
     */
    public static String runAgainNote(boolean firstOfTwo, boolean secondRun) {
        return secondRun ? " (run again)" : firstOfTwo ? "; just short of the completed share: run once more" : "";
    }
}
