package dev.vtlab.loadgen.load;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vtlab.loadgen.labclient.FanOutAftermath;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.labclient.ServerThreads;

import java.util.List;
import java.util.Map;

/**
 * Everything one measured burst showed, as printed and as written to JSON (one flat object: the parts below only
 * group its fields for the reader of this code).
 *
 * @param burst   what was sent
 * @param outcome what came back, and what it cost the client
 * @param writes  whether every successful request was saved
 * @param client  the client side: the kernel's counters and the load generator's environment
 * @param server  the server side, from its lab
 */
public record RunSummary(@JsonUnwrapped Burst burst, @JsonUnwrapped Outcome outcome, @JsonUnwrapped Writes writes,
                         @JsonUnwrapped ClientSide client, @JsonUnwrapped ServerSide server) {

    /** The mode of a burst to a page of any service ({@code run --url} with a path): what is sent to it. */
    public static final String PAGE = "GET";


    /**
     * What was sent.
     *
     * @param mode        the endpoint style measured
     * @param url         the server's base URL
     * @param requests    requests in the burst
     * @param concurrency most requests in flight at once
     * @param warmupP99Ms p99 of each warm-up round before the burst (empty: no warm-up)
     * @param warmupNote  why the warm-up sent fewer requests than asked, or stopped early; {@code null}: neither
     * @param warmupMs    how long the warm-up took ({@code null} in results written before it was recorded)
     * @param quietWaitMs how long the client waited for the server to hold no request before the burst
     *                    ({@code null} in results written before it waited)
     */
    public record Burst(String mode, String url, int requests, int concurrency, List<Double> warmupP99Ms,
                        String warmupNote, Double warmupMs, Double quietWaitMs) {
    }

    /**
     * What came back.
     *
     * @param succeeded           answered HTTP 200
     * @param failed              everything else
     * @param failuresByCause     failures counted by cause ({@code HTTP 503}, {@code request timeout}, ...)
     * @param wallTimeMs          from the release of the burst to the last answer
     * @param throughputPerSecond succeeded requests per second of wall time
     * @param latency             percentiles of the successful requests
     * @param sendSpreadMs        between the first and the last request actually sent: near 0 means a true burst
     * @param clientCpuMs         CPU time the load generator's JVM used during the burst
     */
    public record Outcome(long succeeded, long failed, Map<String, Long> failuresByCause, double wallTimeMs,
                          double throughputPerSecond, Latencies latency, double sendSpreadMs, double clientCpuMs) {
    }

    /**
     * Whether every successful request was saved.
     *
     * @param warmupRequests    discarded requests sent before the burst
     * @param warmupSucceeded   of which answered 200
     * @param visitsSaved       the visit count after minus before (warm-up included; a mode that saves no visit,
     *                          such as fanout, adds none of its own); {@code null} when the count
     *                          could not be read after the burst
     * @param lostWrites        successful requests (warm-up included) that were not saved; must be 0;
     *                          {@code null} (unknown) when the count could not be read
     * @param unconfirmedWrites visits saved beyond the successful requests: work the server finished after the
     *                          client gave up (a timeout, a 503); {@code null} when unknown
     */
    public record Writes(int warmupRequests, long warmupSucceeded, Long visitsSaved, Long lostWrites,
                         Long unconfirmedWrites) {

        /** Whether writes were found lost: unknown counts as not found (see {@link #lostWritesText()}). */
        public boolean lost() {
            return lostWrites != null && lostWrites > 0;
        }

        /** The lost writes as a report shows them: a number, or {@code unknown}. */
        public String lostWritesText() {
            return lostWrites == null ? "unknown" : String.valueOf(lostWrites);
        }
    }

    /**
     * The client side.
     *
     * @param kernelDelta        change in the kernel's TCP counters over the burst (empty without nstat)
     * @param kernelQueueTrouble whether listen-queue overflows/drops or SYN retransmits rose during the burst
     * @param client             the load generator's environment
     */
    public record ClientSide(Map<String, Long> kernelDelta, boolean kernelQueueTrouble, ClientEnvironment client) {
    }

    /**
     * The server side, from its lab; each part {@code null} when the lab could not be read.
     *
     * @param serverEnvironment the server's {@code /lab/environment}
     * @param serverThreads     the server's {@code /lab/threads} for this burst
     * @param serverJvm         the server's {@code /lab/jvm} for this burst
     * @param serverFanOut      the server's {@code /lab/fanout} for a burst to {@code /fanout}, else {@code null}
     * @param labError          why the lab could not be read after the burst, or {@code null}
     * @param meterPeaks        the most each pool's meters read during the burst (in use, waiting), by Prometheus
     *                          line, read once a second from the server's management port; {@code null} when they
     *                          were not read
     */
    public record ServerSide(ServerEnvironment serverEnvironment, ServerThreads serverThreads, ServerJvm serverJvm,
                             FanOutAftermath serverFanOut, String labError, Map<String, Double> meterPeaks) {
    }

    /** No failed request, visits saved equal to successes, and the lab could be read. */
    public boolean clean() {
        if (page()) {
            return outcome.failed() == 0; // a page of any service: no visits to count
        }
        return outcome.failed() == 0 && server.labError() == null && Long.valueOf(0).equals(writes.lostWrites())
                && Long.valueOf(0).equals(writes.unconfirmedWrites());
    }

    /** Whether the burst went to a page of any service rather than to a vtlab server's mode. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean page() {
        return PAGE.equals(burst.mode());
    }
}
