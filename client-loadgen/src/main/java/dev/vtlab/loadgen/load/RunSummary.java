package dev.vtlab.loadgen.load;

import tools.jackson.databind.JsonNode;

import java.util.Map;

/**
 * Everything one measured burst showed, as printed and as written to JSON.
 *
 * @param mode                 the endpoint style measured
 * @param url                  the server's base URL
 * @param requests             requests in the burst
 * @param concurrency          most requests in flight at once
 * @param succeeded            answered HTTP 200
 * @param failed               everything else
 * @param failuresByCause      failures counted by cause ({@code HTTP 503}, {@code request timeout}, ...)
 * @param wallTimeMs           from the release of the burst to the last answer
 * @param throughputPerSecond  succeeded requests per second of wall time
 * @param latency              percentiles of the successful requests
 * @param sendSpreadMs         between the first and the last request actually sent: near 0 means a true burst
 * @param clientCpuMs          CPU time the load generator's JVM used during the burst
 * @param warmupRequests       discarded requests sent before the burst
 * @param warmupSucceeded      of which answered 200
 * @param visitsSaved          the visit count after minus before (warm-up included); {@code null} when the count
 *                             could not be read after the burst
 * @param lostWrites           successful requests (warm-up included) that were not saved; must be 0; {@code null}
 *                             (unknown) when the count could not be read
 * @param unconfirmedWrites    visits saved beyond the successful requests: work the server finished after the
 *                             client gave up (a timeout, a 503); counted when the lab was read; {@code null} when
 *                             unknown
 * @param kernelDelta          change in the kernel's TCP counters over the burst (empty without nstat)
 * @param kernelQueueTrouble   whether listen-queue overflows/drops or SYN retransmits rose during the burst
 * @param client               the load generator's environment
 * @param serverEnvironment    the server's {@code /lab/environment}
 * @param serverThreads        the server's {@code /lab/threads} for this burst
 * @param serverJvm            the server's {@code /lab/jvm} for this burst
 * @param labError             why the lab could not be read after the burst, or {@code null}
 */
public record RunSummary(String mode, String url, int requests, int concurrency, long succeeded, long failed,
                         Map<String, Long> failuresByCause, double wallTimeMs, double throughputPerSecond,
                         Latencies latency, double sendSpreadMs, double clientCpuMs, int warmupRequests,
                         long warmupSucceeded, Long visitsSaved, Long lostWrites, Long unconfirmedWrites,
                         Map<String, Long> kernelDelta,
                         boolean kernelQueueTrouble, ClientEnvironment client, JsonNode serverEnvironment,
                         JsonNode serverThreads, JsonNode serverJvm, String labError) {

    /** No failed request, visits saved equal to successes, and the lab could be read. */
    public boolean clean() {
        return failed == 0 && labError == null && Long.valueOf(0).equals(lostWrites)
                && Long.valueOf(0).equals(unconfirmedWrites);
    }

    /** Whether writes were found lost: unknown counts as not found (see {@link #lostWritesText()}). */
    public boolean writesLost() {
        return lostWrites != null && lostWrites > 0;
    }

    /** The lost writes as a report shows them: a number, or {@code unknown}. */
    public String lostWritesText() {
        return lostWrites == null ? "unknown" : String.valueOf(lostWrites);
    }

    /** The server's flags label, e.g. {@code T1 A0 W0 R1}, or {@code ?} when unknown. */
    public String flags() {
        return serverEnvironment == null ? "?" : serverEnvironment.path("flags").path("label").asString("?");
    }
}
