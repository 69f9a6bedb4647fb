package dev.vtlab.loadgen.ceilings;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.load.Arrivals;
import dev.vtlab.loadgen.load.MeterSampler;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.load.Schedule;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.MeterCeilings;
import dev.vtlab.loadgen.meters.MeterSnapshot;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * Finds a service's ceilings from its meters, then the rate it sustains: a probe at {@code probeRate}, whose meter
 * reads give each pool's ceiling ({@link MeterCeilings}); then steady-rate steps from below the lowest ceiling
 * ({@link RateLadder}), each judged by {@link HoldRule} against the probe's median as the floor (a step broken by a
 * stall runs once more). Each step is handed to {@code progress} as it ends, so that a search cut
 * short has still reported what it measured.
 */
public final class CeilingSearch {

    /** The first step offers this share of the lowest ceiling. */
    static final double START_SHARE = 0.8;
    /** Probe seconds left out of the ceilings: the service's pools fill up to their steady level first. */
    static final int PROBE_SETTLE_SECONDS = 2;

    /** The most a step offers by default, in lowest ceilings. */
    static final double MAX_RATE_SHARE = 3;

    /**
     * How the search runs: the probe, then the steps.
     *
     * @param maxRate the most a step offers, {@code null} for {@value #MAX_RATE_SHARE} x the lowest ceiling
     */
    public record Plan(double probeRate, Duration probeTime, Duration stepTime, Duration stepWarmup, int bisections,
                       Double maxRate, int maxInFlight) {
    }

    /**
     * The probe: what the meters showed at a rate every pool can carry.
     *
     * @param rate     requests per second offered
     * @param p50Ms    its median from due time, the floor the steps are judged against
     * @param failed   requests that failed
     * @param ceilings every ceiling the meters show, lowest first
     */
    public record Probe(double rate, double p50Ms, long failed, List<MeterCeiling> ceilings) {
    }

    /**
     * One step of the search, with what the lowest ceiling's meters read during it.
     *
     * @param offeredRate    requests per second offered
     * @param completionRate successes per second in the measured window
     * @param p99Ms          from due time
     * @param failed         requests that failed
     * @param held           whether it held ({@link HoldRule})
     * @param broken         why not, when it did not
     * @param stallPassed    whether its latency came back before its end ({@link HoldRule#stallPassed})
     * @param watchPeak      the most the binding ceiling's waiting meter read in a second of it
     * @param inUsePeak      the most its in-use meter read
     * @param meterReadMaxMs the slowest meter read during it
     * @param firstRun       the first run at this rate, when a stall broke it and the step was run again
     *                       ({@link HoldRule#runAgain}); {@code null} when it ran once
     */
    public record Step(double offeredRate, double completionRate, double p99Ms, long failed, boolean held,
                       List<String> broken, boolean stallPassed, Double watchPeak, Double inUsePeak,
                       Double meterReadMaxMs, Step firstRun) {

        /** Whether this step is run once more before the search goes on. */
        @JsonIgnore
        public boolean runAgain() {
            return firstRun == null && HoldRule.runAgain(offeredRate, completionRate, failed, broken, stallPassed);
        }

        Step after(Step first) {
            return new Step(offeredRate, completionRate, p99Ms, failed, held, broken, stallPassed, watchPeak,
                    inUsePeak, meterReadMaxMs, first);
        }

        RateLadder.Rung rung() {
            return new RateLadder.Rung(offeredRate, held);
        }
    }

    /** The shortest probe: the settling seconds, then at least two reads a second apart. */
    public static int minimumProbeSeconds() {
        return PROBE_SETTLE_SECONDS + 2;
    }

    private final RateRun rates;
    private final Plan plan;

    public CeilingSearch(RateRun rates, Plan plan) {
        this.rates = rates;
        this.plan = plan;
    }

    /**
     * The probe against {@code target}.
     *
     * @throws MetersUnavailableException when the meters lack what Little's law needs, or show no pool at all
     */
    public Probe probe(URI target, MeterSource meters) throws MetersUnavailableException, InterruptedException {
        MeterSnapshot atRest = meters.read();
        Schedule schedule = new Schedule(plan.probeRate(), plan.probeTime(), Arrivals.UNIFORM, Schedule.DEFAULT_SEED);
        RateRun.Recording recording = rates.run(target, schedule, plan.maxInFlight(), null, meters);
        RateSummary summary = RateSummary.of(recording, schedule, Duration.ZERO, "GET", target.toString(), 0, null,
                null, null);
        List<MeterSampler.Sample> steady = recording.meterSamples().stream()
                .filter(s -> s.meters() != null && s.second() >= PROBE_SETTLE_SECONDS
                        && s.second() <= plan.probeTime().toSeconds()).toList();
        if (steady.size() < 2) {
            throw new MetersUnavailableException(meters.uri() + " answered " + steady.size() + " of the probe's "
                    + "reads: lengthen --probe-time" + recording.meterSamples().stream().map(MeterSampler.Sample::error)
                    .filter(Objects::nonNull).findFirst().map(e -> " (" + e + ")").orElse(""));
        }
        List<MeterSnapshot> during = steady.stream().map(MeterSampler.Sample::meters).toList();
        List<MeterCeiling> ceilings = MeterCeilings.of(atRest, during, steady.getLast().second()
                - steady.getFirst().second(), MeterCeilings.busiestUri(during.getFirst(), during.getLast()));
        if (ceilings.isEmpty()) {
            throw new MetersUnavailableException(meters.uri() + " shows no pool that the requests held: none of "
                    + "hikaricp_connections_max, tomcat_threads_config_max_threads, jetty_threads_config_max, "
                    + "executor_pool_core_threads, executor_parallelism_threads");
        }
        return new Probe(plan.probeRate(), summary.outcome().latency().p50Ms(), summary.outcome().failed(), ceilings);
    }

    /** The steps, from below the probe's lowest ceiling, each handed to {@code progress} as it ends. */
    public List<Step> steps(URI target, MeterSource meters, Probe probe, Consumer<Step> progress)
            throws InterruptedException {
        MeterCeiling binding = probe.ceilings().getFirst();
        double maxRate = plan.maxRate() == null ? MAX_RATE_SHARE * binding.rate() : plan.maxRate();
        double start = Math.min(START_SHARE * binding.rate(), maxRate);
        RateLadder ladder = new RateLadder(start, plan.bisections(), maxRate);
        List<Step> steps = new ArrayList<>();
        for (OptionalDouble rate = ladder.next(List.of()); rate.isPresent() && !Thread.currentThread().isInterrupted();
             rate = ladder.next(steps.stream().map(Step::rung).toList())) {
            Step step = step(target, meters, binding, probe.p50Ms(), rate.getAsDouble());
            progress.accept(step);
            if (step.runAgain() && !Thread.currentThread().isInterrupted()) {
                step = step(target, meters, binding, probe.p50Ms(), rate.getAsDouble()).after(step);
                progress.accept(step);
            }
            steps.add(step);
        }
        return steps;
    }

    private Step step(URI target, MeterSource meters, MeterCeiling binding, double floorMs, double rate)
            throws InterruptedException {
        Schedule schedule = new Schedule(rate, plan.stepTime(), Arrivals.UNIFORM, Schedule.DEFAULT_SEED);
        RateRun.Recording recording = rates.run(target, schedule, plan.maxInFlight(), null, meters);
        RateSummary summary = RateSummary.of(recording, schedule, plan.stepWarmup(), "GET", target.toString(), 0,
                null, null, null);
        RateSummary.Outcome outcome = summary.outcome();
        List<String> broken = HoldRule.broken(rate, outcome.completionRate(), outcome.latency().p99Ms(),
                outcome.failed(), Math.round(floorMs));
        boolean stallPassed = HoldRule.stallPassed(summary.seconds(), Math.round(floorMs));
        List<Map<String, Double>> reads = recording.meterSamples().stream().map(MeterSampler.Sample::meters)
                .filter(Objects::nonNull).map(MeterSnapshot::byPrometheusLine).toList();
        OptionalDouble slowestRead = recording.meterSamples().stream().mapToDouble(MeterSampler.Sample::readMs).max();
        return new Step(rate, outcome.completionRate(), outcome.latency().p99Ms(), outcome.failed(),
                broken.isEmpty(), broken, stallPassed, MeterSampler.peak(reads, binding.watchLine()),
                MeterSampler.peak(reads, binding.inUseLine()),
                slowestRead.isPresent() ? slowestRead.getAsDouble() : null, null);
    }
}
