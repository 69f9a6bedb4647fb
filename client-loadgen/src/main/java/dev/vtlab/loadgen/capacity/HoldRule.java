package dev.vtlab.loadgen.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a step of the capacity search holds: its p99 (from each request's due time) at most 1.5 x the floor,
 * nothing failed, and at least 99% of the offered rate completed.
 */
public final class HoldRule {

    /** How far above the floor a step's p99 may be: the queue a held rate may build. */
    public static final double P99_OVER_FLOOR = 1.5;
    /** The share of the offered rate that must complete. */
    public static final double COMPLETED_SHARE = 0.99;

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
}
