package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.meters.MeterCeiling;
import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.meters.StandardMeter;

import java.util.List;
import java.util.Map;

/**
 * One step of a capacity search: a rate run at {@code offeredRate} on a quiet server, and whether it held.
 *
 * @param offeredRate      requests per second offered
 * @param achievedSendRate requests per second the client sent
 * @param completionRate   successes per second
 * @param p50Ms            from each request's due time, of the successes
 * @param p99Ms            likewise: what {@link HoldRule} judges
 * @param maxMs            likewise
 * @param failed           requests that failed
 * @param failuresByCause  the failures by cause
 * @param lagP99Ms         due to sent, p99: whether the client kept its schedule
 * @param inFlightPeak     most requests in flight at once
 * @param serverCpuMsPerRequest the server's CPU time over the step's steady part divided by the requests that ended
 *                              in it ({@link StepCpu}), {@code null} if unknown
 * @param clientCpuMsPerRequest the load generator's, likewise (over the whole step when the meters were not read):
 *                              on one machine it takes from the same cores
 * @param quietWaitMs      how long the server took to hold no request before the step
 * @param held             whether the step held
 * @param broken           why it did not hold, empty when it held
 * @param seconds          the step second by second (offered, completed, p99, in flight, the server's heap and
 *                         its standard meters)
 * @param meterCeilings    Little's law from the server's standard meters over the step, lowest first; {@code null}
 *                         when they could not be read
 * @param firstRun         the first run at this rate, when a stall broke it and the step was run again
 *                         ({@link HoldRule#runAgain}); {@code null} when it ran once
 */
public record CapacityStep(double offeredRate, double achievedSendRate, double completionRate, double p50Ms,
                           double p99Ms, double maxMs, long failed, Map<String, Long> failuresByCause,
                           double lagP99Ms, int inFlightPeak, Double serverCpuMsPerRequest,
                           double clientCpuMsPerRequest, double quietWaitMs,
                           boolean held, List<String> broken, List<RateSummary.Second> seconds,
                           List<MeterCeiling> meterCeilings, CapacityStep firstRun) {

    /** The step a rate run's summary makes, judged against {@code floorMs}. */
    static CapacityStep of(RateSummary summary, Double serverCpuMsPerRequest, double clientCpuMsPerRequest,
                           long floorMs, List<MeterCeiling> meterCeilings) {
        double offered = summary.run().offeredRate();
        RateSummary.Outcome outcome = summary.outcome();
        List<String> broken = HoldRule.broken(offered, outcome.completionRate(), outcome.latency().p99Ms(),
                outcome.failed(), floorMs);
        return new CapacityStep(offered, summary.schedule().achievedSendRate(), outcome.completionRate(),
                outcome.latency().p50Ms(), outcome.latency().p99Ms(), outcome.latency().maxMs(), outcome.failed(),
                outcome.failuresByCause(), summary.schedule().lagP99Ms(), summary.schedule().inFlightPeak(),
                serverCpuMsPerRequest, clientCpuMsPerRequest, summary.run().quietWaitMs(), broken.isEmpty(), broken,
                summary.seconds(), meterCeilings, null);
    }

    /**
     * Whether this step is run once more before the search goes on ({@link HoldRule#runAgain}), judged against
     * {@code floorMs}.
     */
    public boolean runAgain(long floorMs) {
        return firstRun == null && HoldRule.runAgain(offeredRate, completionRate, failed, broken,
                HoldRule.stallPassed(seconds, floorMs));
    }

    /** This step, the second run at its rate, with the first. */
    CapacityStep after(CapacityStep first) {
        return new CapacityStep(offeredRate, achievedSendRate, completionRate, p50Ms, p99Ms, maxMs, failed,
                failuresByCause, lagP99Ms, inFlightPeak, serverCpuMsPerRequest, clientCpuMsPerRequest, quietWaitMs,
                held, broken, seconds, meterCeilings, first);
    }

    /**
     * The most the server's collector paused it in one second of the step, in milliseconds: the largest growth of
     * {@link StandardMeter#GC_PAUSE_SECONDS} from one second's read to the next; {@code null} when the meters were
     * not read twice in a row.
     */
    @JsonIgnore
    public Double gcPauseMsWorstSecond() {
        Double worst = null;
        Double before = null;
        for (RateSummary.Second second : seconds) {
            Double now = second.meters() == null ? null
                    : second.meters().get(StandardMeter.GC_PAUSE_SECONDS.prometheusName());
            if (now != null && before != null) {
                worst = Math.max(worst == null ? 0 : worst, (now - before) * 1000);
            }
            before = now;
        }
        return worst;
    }

    /**
     * The CPU time one request costs the machine, server and load generator together (they share its cores on
     * loopback); {@code null} when the server's is unknown.
     */
    @JsonIgnore
    public Double machineCpuMsPerRequest() {
        return serverCpuMsPerRequest == null ? null : serverCpuMsPerRequest + clientCpuMsPerRequest;
    }

    /**
     * The CPU time one request cost {@code cpu}: the machine's ({@link #machineCpuMsPerRequest}), the server's or
     * the load generator's; {@code null} when unknown.
     */
    Double cpuMsPerRequest(Resource cpu) {
        return switch (cpu) {
            case CPU -> machineCpuMsPerRequest();
            case SERVER_CPU -> serverCpuMsPerRequest;
            case LOADGEN_CPU -> clientCpuMsPerRequest;
            default -> throw new IllegalArgumentException(cpu + " is not CPU time");
        };
    }

    RateLadder.Rung rung() {
        return new RateLadder.Rung(offeredRate, held);
    }
}
