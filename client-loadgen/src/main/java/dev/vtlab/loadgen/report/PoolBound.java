package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.MatrixSettings;

import java.util.Map;

/**
 * What a JDBC run's pool allows, against what was measured. Each request holds one connection for both delays,
 * so a burst of {@code requests} needs at least {@code requests / pool size x (count delay + save delay)} to be
 * served whole: the pool's bound. With platform threads under {@code /sync} (T off), Tomcat's threads bound it
 * the same way with their own number. The verdict:
 * <ul>
 *   <li><b>pool-bound</b>: the pool or the bulkhead refused requests ({@code POOL_EXHAUSTED},
 *       {@code BULKHEAD_FULL}), or p99 reached half the pool's bound while that bound is at least twice the floor
 *       and lower than the threads' bound;</li>
 *   <li><b>thread-bound</b>: the same, but the threads' bound is at least the pool's (fewer threads than
 *       connections set the pace);</li>
 *   <li><b>failed otherwise</b>: requests failed for another reason (the causes say which);</li>
 *   <li><b>not pool-bound</b>: none of these.</li>
 * </ul>
 *
 * @param poolSize         connections
 * @param maxConcurrent    the bulkhead, {@code null} for none
 * @param poolBoundMs      requests / pool size x floor
 * @param threadBoundMs    requests / Tomcat's threads x floor, for {@code /sync} with platform threads; else null
 * @param refusedByPool    requests answered 503 by the pool or the bulkhead
 * @param failedOtherwise  requests that failed for another reason
 * @param verdict          one of the four above
 */
record PoolBound(int poolSize, Integer maxConcurrent, double poolBoundMs, Double threadBoundMs, long refusedByPool,
                 long failedOtherwise, String verdict) {

    static final String RULE = "The pool's bound is requests / pool size x (count delay + save delay): each request "
            + "holds one connection for both delays. A run is pool-bound when the pool or its bulkhead refused "
            + "requests (HTTP 503 POOL_EXHAUSTED or BULKHEAD_FULL), or when its p99 reached half the pool's bound "
            + "(at least twice the floor) and Tomcat's platform threads under /sync do not bound it as tightly; "
            + "thread-bound when they do.";

    /** For one cell of a JDBC variant; {@code null} for the other adapters. */
    static PoolBound of(MatrixSettings settings, Repeats cell) {
        if (settings.variant().poolSize() == null) {
            return null;
        }
        double floor = settings.server().countDelay().toMillis() + settings.server().saveDelay().toMillis();
        double poolBound = (double) settings.burst().requests() / settings.variant().poolSize() * floor;
        ServerEnvironment environment = cell.representative().summary().server().serverEnvironment();
        Integer threads = environment == null ? null : environment.webServer().requestThreads();
        Double threadBound = cell.mode() == Mode.SYNC && threads != null
                ? (double) settings.burst().requests() / threads * floor : null;
        long refused = 0;
        long otherwise = 0;
        for (var run : cell.runs()) {
            for (Map.Entry<String, Long> cause : run.summary().outcome().failuresByCause().entrySet()) {
                if (cause.getKey().endsWith("POOL_EXHAUSTED") || cause.getKey().endsWith("BULKHEAD_FULL")) {
                    refused += cause.getValue();
                } else {
                    otherwise += cause.getValue();
                }
            }
        }
        boolean slowAsThePool = cell.p99().median() >= poolBound / 2 && poolBound >= 2 * floor;
        boolean threadsTighter = threadBound != null && threadBound >= poolBound;
        String verdict = refused > 0 ? "pool-bound"
                : otherwise > 0 ? "failed otherwise"
                : slowAsThePool ? (threadsTighter ? "thread-bound" : "pool-bound")
                : "not pool-bound";
        return new PoolBound(settings.variant().poolSize(), settings.variant().maxConcurrent(), poolBound, threadBound, refused,
                otherwise, verdict);
    }
}
