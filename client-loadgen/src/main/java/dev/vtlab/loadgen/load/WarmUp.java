package dev.vtlab.loadgen.load;

import java.util.List;

/**
 * What a warm-up sent before a measured burst: it is excluded from the burst's numbers, but its requests reach the
 * server (and are counted in the visit check).
 *
 * @param requests   requests sent in all
 * @param succeeded  of which answered 200
 * @param roundP99Ms p99 of each warm-up round, in order (one round for a fixed warm-up)
 * @param note       why it sent fewer than asked, or stopped early; {@code null} when it did neither
 * @param durationMs how long it took, from its first request to its last answer
 */
public record WarmUp(int requests, long succeeded, List<Double> roundP99Ms, String note, double durationMs) {

    /** No warm-up: the burst meets a cold client and server, or a server that an earlier run warmed. */
    public static final WarmUp NONE = new WarmUp(0, 0, List.of(), null, 0);
}
