package dev.vtlab.loadgen.ceilings;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.load.Arrivals;
import dev.vtlab.loadgen.load.MeterSampler;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.Schedule;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.MeterCeilings;
import dev.vtlab.loadgen.meters.MeterSnapshot;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;
import dev.vtlab.loadgen.meters.ReadableFigures;
import dev.vtlab.loadgen.meters.ServiceSettings;
import dev.vtlab.loadgen.meters.StandardMeter;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * Finds a service's ceilings from its meters, then the rate it sustains. First the service at rest: what its
 * process spends on its own (collector, JIT, timers, the meter reads) and the settings no meter serves. Then the
 * probe, in windows: from {@code probeRate}, climbing while the service keeps up ({@link #nextRate}), until the CPU
 * a request costs settles (the JIT has done its work) or {@code probeMaxTime} is spent; each window's meter reads
 * give each pool's ceiling ({@link MeterCeilings}), and where no request threads bound the requests in flight, the
 * windows so far the heap's ({@link HeapCeiling}: the windows after them and the steps keep to as many in flight as
 * it holds); then the service at rest once more, the rest the steps take out (a service just started spends cores on
 * its JIT at rest, which the probe's load lets it finish). Then steady-rate steps from {@value #START_SHARE} x the
 * lowest ceiling ({@link RateLadder}), climbing until one breaks, each judged by {@link HoldRule#brokenByAQueue}
 * against the probe's median as the floor (a step broken by a stall runs once more, and a rate that broke while a
 * request cost more CPU than in a step held since runs once more later: {@link #staleBreak}), each re-measuring the
 * ceilings, none keeping more in flight than {@value #IN_FLIGHT_MARGIN} x what a rate that holds could have. Each
 * step is handed to {@code progress} as it ends, so that a search cut short has still reported what it measured.
 */
public final class CeilingSearch {

    /** The first step offers this share of the lowest ceiling. */
    static final double START_SHARE = 0.8;
    /** Seconds of each probe window left out of its ceilings: the service's pools fill up to their level first. */
    static final int PROBE_SETTLE_SECONDS = 2;
    /** The probe doubles its rate up to this share of the lowest ceiling, and never passes it of a pool's. */
    static final double WARM_SHARE = 0.6;
    /** The CPU a request costs has settled when two windows at the warm rate differ by at most this share. */
    static final double SETTLED_SHARE = 0.10;
    /**
     * Windows in a row that could not keep up at a rate the service had kept up with before: past this many the rate
     * is its knee, not a stall or a queue draining (a window after a queue, back at a rate that kept up, drained it
     * in one or two on spring-petclinic), and the probe backs off below it. A probe that stays at its knee never
     * settles: spring-petclinic's kept up with the first 2 of its 16 windows at 1,812 req/s and none after (set 34),
     * with the first 4 of 21 at 349 and none after (set 13), and each spent its time to the end, reporting a service
     * still warming.
     */
    static final int KNEE_WINDOWS = 3;
    /**
     * A window or step keeps at most this many times the requests in flight that one which holds could have (its
     * rate x the latency past which it would not hold, by Little's law): more than that is a queue the verdict does not
     * need, and where nothing else bounds the requests in flight (Boot's switch on), a queue piled up in the service's
     * heap (spring-petclinic with the switch on ran out of heap in the steps past its knee, sets 19 and 20). The rest
     * wait in the load generator, late from their due time, as they would have waited in the service.
     */
    static final double IN_FLIGHT_MARGIN = 2;
    /** Reads of the meters at rest, a second apart: what the service does with no request. */
    static final int REST_READS = 4;
    /**
     * The most a step offers unless told: a safety bound, never a guess at the knee (the search climbs until a step
     * breaks). 20,000 requests a second for a 20 s step is 400,000 requests, within what one run keeps.
     */
    public static final double SAFETY_MAX_RATE = 20_000;

    /**
     * How the search runs: the service at rest, the probe, then the steps.
     *
     * @param probeTime    each probe window
     * @param probeMaxTime the most the probe runs while the CPU a request costs has not settled
     * @param maxRate      the most a step offers, {@code null} for {@value #SAFETY_MAX_RATE}
     * @param clientShares whether the load generator runs on the service's cores (a loopback URL): its CPU time
     *                     then counts in the CPU's ceiling
     */
    public record Plan(double probeRate, Duration probeTime, Duration probeMaxTime, Duration stepTime,
                       Duration stepWarmup, int bisections, Double maxRate, int maxInFlight, boolean clientShares) {
    }

    /**
     * The service before any load.
     *
     * @param idleCores     the cores its process used, on average over {@value #REST_READS} reads a second apart
     * @param heapUsedBytes heap in use, the least of the reads ({@code null} when not metered)
     * @param heapMaxBytes  the heap's maximum ({@code null} when not metered)
     * @param webServer     {@code tomcat} or {@code jetty} as its meters show it, {@code null} when they do not
     * @param settings      the settings no meter serves
     * @param lastRead      the last read at rest (Jetty counts its acceptor and selectors busy even then); not kept
     *                      in the report
     */
    public record AtRest(double idleCores, Double heapUsedBytes, Double heapMaxBytes,
                         String webServer, ServiceSettings settings, @JsonIgnore MeterSnapshot lastRead) {
    }

    /**
     * One window of the probe: what the meters showed while it offered {@code rate}.
     *
     * @param rate                  requests per second offered
     * @param p50Ms                 its median from due time
     * @param failed                requests that failed
     * @param ceilings              the ceilings its meters showed, lowest first
     * @param cpuMsPerRequest       CPU a request cost (the service's less its rest, and the load generator's when
     *                              it shares the cores), {@code null} when not metered
     * @param clientCpuMsPerRequest the load generator's part of {@code cpuMsPerRequest} (0 when it runs apart)
     * @param heap                  what the heap held against the requests in flight, {@code null} when not metered
     * @param keptUp                whether the service kept up: no queue by {@link HoldRule#brokenByAQueue} against
     *                              the least median of the windows so far
     * @param meterReads            the meter reads its figures come from ({@code null} in reports written before it
     *                              was counted); fewer than {@value #LEAST_READS}: it measured nothing, its ceilings
     *                              are those of the last window kept up, and it did not keep up
     * @param completionRate        successes per second in its judged part ({@code null} in reports written before
     *                              it was kept)
     */
    public record Window(double rate, double p50Ms, long failed, List<MeterCeiling> ceilings, Double cpuMsPerRequest,
                         Double clientCpuMsPerRequest, HeapPoint heap, Boolean keptUp, Integer meterReads,
                         Double completionRate) {

        /** Whether the meters answered too few reads in it to measure anything. */
        @JsonIgnore
        public boolean unread() {
            return meterReads != null && meterReads < LEAST_READS;
        }

        /** Whether the service could not keep up with it (reports written before that was judged say nothing). */
        @JsonIgnore
        public boolean queued() {
            return Boolean.FALSE.equals(keptUp);
        }

        /**
         * Whether the service stopped answering in it: nothing completed, requests failed, and its meters measured
         * nothing, answering no read or counting none of the requests (a service out of heap, or gone: set 15's
         * switch-on page went on serving its meters, on a port of their own, with the request count standing). The
         * search stops there, as it does on such a step.
         */
        @JsonIgnore
        public boolean serviceGone() {
            return completionRate != null && completionRate == 0 && failed > 0 && meterReads != null
                    && cpuMsPerRequest == null;
        }
    }

    /** The least meter reads a window or a step measures from: a rate is their difference. */
    static final int LEAST_READS = 2;

    /**
     * What the heap held while requests were in flight, over a window or a step: the least heap in use of its reads
     * (the one nearest a collection: the sawtooth of garbage left out) against the requests in flight on average,
     * from the request timer (the sum of the requests' times over the seconds: read each second instead, the
     * in-flight gauge aliases with a steady rate's arrivals).
     *
     * @param inFlight      requests in flight on average
     * @param heapUsedBytes the least heap in use
     */
    public record HeapPoint(double inFlight, double heapUsedBytes) {
    }

    /**
     * The probe: what the meters showed at rates every pool can carry.
     *
     * @param rate     requests per second the last window offered
     * @param p50Ms    the last window's median from due time, the floor the steps are judged against
     * @param failed   requests that failed in the last window
     * @param ceilings every ceiling the last window's meters show, lowest first
     * @param atRest   the service before the probe ({@code null} in reports written before it was read)
     * @param windows  every window, in order
     * @param settled  whether the CPU a request costs settled before the probe's time was spent
     * @param restAfter the cores its process used at rest after the probe, what the steps take out of a request's
     *                 CPU ({@code null} in reports written before it was read: the steps took {@code atRest}'s)
     */
    public record Probe(double rate, double p50Ms, long failed, List<MeterCeiling> ceilings, AtRest atRest,
                        List<Window> windows, Boolean settled, Double restAfter) {

        /** Whether the service stopped answering in the probe's last window: no step runs. */
        @JsonIgnore
        public boolean serviceGone() {
            return windows != null && !windows.isEmpty() && windows.getLast().serviceGone();
        }

        /** The service at rest as the steps count it: after the probe, its heap and settings from before it. */
        AtRest restForSteps() {
            return atRest == null || restAfter == null ? atRest : new AtRest(restAfter, atRest.heapUsedBytes(),
                    atRest.heapMaxBytes(), atRest.webServer(), atRest.settings(), atRest.lastRead());
        }
    }

    /**
     * One step of the search, with what the lowest ceiling's meters read during it.
     *
     * @param offeredRate           requests per second offered
     * @param completionRate        successes per second in the measured window
     * @param p99Ms                 from due time
     * @param failed                requests that failed
     * @param held                  whether it held ({@link HoldRule#brokenByAQueue})
     * @param broken                why not, when it did not
     * @param stallPassed           whether its latency came back before its end
     *                              ({@link HoldRule#stallPassedByAQueue})
     * @param watchPeak             the most the binding ceiling's waiting meter read in a second of it
     * @param inUsePeak             the most its in-use meter read
     * @param meterReadMaxMs        the slowest meter read during it
     * @param firstRun              the first run at this rate, when a stall broke it and the step was run again
     *                              ({@link HoldRule#runAgain}); {@code null} when it ran once
     * @param ceilings              the ceilings its measured part's meters showed, {@code null} when they could not
     *                              be read (and in reports written before)
     * @param heap                  what the heap held against the requests in flight in its measured part
     */
    public record Step(double offeredRate, double completionRate, double p99Ms, long failed, boolean held,
                       List<String> broken, boolean stallPassed, Double watchPeak, Double inUsePeak,
                       Double meterReadMaxMs, Step firstRun, List<MeterCeiling> ceilings,
                       HeapPoint heap) {

        /** Whether this step is run once more before the search goes on. */
        @JsonIgnore
        public boolean runAgain() {
            return firstRun == null && HoldRule.runAgain(offeredRate, completionRate, failed, broken, stallPassed);
        }

        Step after(Step first) {
            return new Step(offeredRate, completionRate, p99Ms, failed, held, broken, stallPassed, watchPeak,
                    inUsePeak, meterReadMaxMs, first, ceilings, heap);
        }

        RateLadder.Rung rung() {
            return new RateLadder.Rung(offeredRate, held);
        }

        /** The CPU a request cost in its measured part, service and load generator, {@code null} when not read. */
        @JsonIgnore
        public Double cpuMsPerRequest() {
            return ceilings == null ? null : ceilings.stream().filter(c -> c.kind() == MeterCeiling.Kind.CPU)
                    .findFirst().map(c -> c.holdSeconds() * 1000).orElse(null);
        }

        /**
         * Whether the service stopped answering in this step: nothing completed, requests failed, and its meters
         * answered no read (a service out of heap, or gone). The search stops there.
         */
        @JsonIgnore
        public boolean serviceGone() {
            return completionRate == 0 && failed > 0 && meterReadMaxMs != null && watchPeak == null
                    && inUsePeak == null && heap == null;
        }
    }

    /** The shortest probe window: the settling seconds, then at least two reads a second apart. */
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
     * The service at rest: {@value #REST_READS} reads a second apart, the settings beside.
     *
     * @throws MetersUnavailableException when the meters cannot be read
     */
    public AtRest atRest(MeterSource meters, ServiceSettings settings) throws MetersUnavailableException,
            InterruptedException {
        List<MeterSnapshot> reads = new ArrayList<>();
        long firstNanos = 0;
        long lastNanos = 0;
        for (int i = 0; i < REST_READS; i++) {
            if (i > 0) {
                Thread.sleep(Duration.ofSeconds(1));
            }
            lastNanos = System.nanoTime();
            firstNanos = i == 0 ? lastNanos : firstNanos;
            reads.add(meters.read());
        }
        double cpuNanos = reads.getLast().value(StandardMeter.PROCESS_CPU_TIME, "").orElse(0)
                - reads.getFirst().value(StandardMeter.PROCESS_CPU_TIME, "").orElse(0);
        OptionalDouble heapUsed = reads.stream().map(r -> r.value(StandardMeter.HEAP_USED, "heap"))
                .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).min();
        OptionalDouble heapMax = reads.getLast().value(StandardMeter.HEAP_MAX, "heap");
        return new AtRest(cpuNanos / (lastNanos - firstNanos),
                heapUsed.isPresent() ? heapUsed.getAsDouble() : null,
                heapMax.isPresent() ? heapMax.getAsDouble() : null, webServer(reads.getLast()), settings,
                reads.getLast());
    }

    private static String webServer(MeterSnapshot meters) {
        return meters.has(StandardMeter.TOMCAT_SESSIONS_ACTIVE) ? "tomcat"
                : meters.has(StandardMeter.JETTY_THREADS_MAX) ? "jetty" : null;
    }

    /**
     * The probe against {@code target}: windows until the CPU a request costs settles, or the probe's time is spent.
     *
     * @throws MetersUnavailableException when the meters lack what Little's law needs, or show no pool at all
     */
    public Probe probe(URI target, MeterSource meters, AtRest atRest, Consumer<Window> progress)
            throws MetersUnavailableException, InterruptedException {
        List<Window> windows = new ArrayList<>();
        double rate = plan.probeRate();
        long spentSeconds = 0;
        Boolean settled = null;
        while (settled == null) {
            // Once the windows have measured the heap's ceiling, the next keeps to it, as the steps do.
            int bound = withinHeap(heapCeiling(atRest, windows), plan.maxInFlight());
            OptionalDouble floorMs = windows.stream().mapToDouble(Window::p50Ms).min();
            Window window = window(target, meters, atRest, rate, windows,
                    floorMs.isEmpty() ? bound : maxInFlight(rate, floorMs.getAsDouble(), bound));
            windows.add(window);
            progress.accept(window);
            spentSeconds += plan.probeTime().toSeconds();
            if (settled(windows)) {
                settled = true;
            } else if (window.serviceGone()) {
                settled = false; // nothing more to learn from a service that no longer answers
            } else if (spentSeconds + plan.probeTime().toSeconds() > plan.probeMaxTime().toSeconds()
                    || Thread.currentThread().isInterrupted()) {
                settled = false;
            } else {
                rate = nextRate(windows);
            }
        }
        // The floor and the ceilings of the last window the service kept up with: a queue is no floor.
        Window last = lastKeptUp(windows).orElse(windows.getLast());
        Double restAfter;
        try {
            restAfter = atRest(meters, atRest.settings()).idleCores();
        } catch (MetersUnavailableException unreadable) {
            restAfter = null; // the probe stands; the steps take out the rest read before it
        }
        List<MeterCeiling> ceilings = heapCeiling(atRest, windows)
                .map(heap -> HeapCeiling.with(last.ceilings(), heap)).orElse(last.ceilings());
        return new Probe(last.rate(), last.p50Ms(), last.failed(), ceilings, atRest, List.copyOf(windows),
                settled, restAfter);
    }

    /**
     * The heap's ceiling ({@link HeapCeiling}) as {@code windows} measured it: a request's heap over all of them, the
     * time one is in flight and the other ceilings those of the last the service kept up with.
     */
    static Optional<MeterCeiling> heapCeiling(AtRest atRest, List<Window> windows) {
        if (windows.isEmpty()) {
            return Optional.empty();
        }
        Window last = lastKeptUp(windows).orElse(windows.getLast());
        return HeapCeiling.of(atRest, last.ceilings(),
                windows.stream().map(Window::heap).filter(Objects::nonNull).toList(),
                HeapCeiling.holdSeconds(last.heap(), last.completionRate()));
    }

    /**
     * The rate of the probe's next window. While the service keeps up, x2 up to {@value #WARM_SHARE} x the lowest
     * ceiling, then x{@link RateLadder#FACTOR}, never past {@value #WARM_SHARE} x a pool's ceiling nor past the CPU's:
     * the CPU's ceiling read while the JIT works is low (its compiling is spread over the few requests of a slow
     * window), and a probe held below it warms too little ever to raise it. A window that could not keep up above a
     * rate the service had kept up with marks a queue: back to that rate, and not up to the queue's again until the
     * service has warmed past it (the last window's lowest ceiling puts the queue's rate within {@value #WARM_SHARE}
     * x it: a queue met while the JIT still worked, as on spring-petclinic at 50 req/s, is gone once it has). One
     * that could not keep up with nothing kept up before it is a cold start, run again at its rate. Where no request
     * threads bound the requests in flight (Boot's virtual-thread switch on, or no servlet pool at all), the CPU's
     * ceiling caps the probe at {@value #WARM_SHARE} x it, as a pool's does: a window at it piles its queue up in
     * the heap with nothing to stop it (other-service with the switch on ran out of heap in the probe's window at
     * its CPU's ceiling, 1,267 req/s, and never answered again). A rate the service had kept up with and then could
     * not in {@value #KNEE_WINDOWS} windows in a row is its knee, a queue too: back to the highest rate kept up with
     * below it (or that rate / {@link RateLadder#FACTOR}), and not up to it again until the service has warmed past.
     */
    static double nextRate(List<Window> windows) {
        Window last = windows.getLast();
        double lowest = last.ceilings().getFirst().rate();
        double keptUp = 0;
        double queue = Double.POSITIVE_INFINITY; // the lowest the service has not warmed past
        int notKeptUpInARow = 0; // at the rate of the window at hand
        Window previous = null;
        for (Window w : windows) {
            notKeptUpInARow = !w.queued() ? 0
                    : previous != null && previous.rate() == w.rate() ? notKeptUpInARow + 1 : 1;
            if (!w.queued()) {
                keptUp = Math.max(keptUp, w.rate());
            } else if (keptUp > 0 && (w.rate() > keptUp || notKeptUpInARow >= KNEE_WINDOWS)
                    && w.rate() > WARM_SHARE * lowest) {
                queue = Math.min(queue, w.rate());
            }
            previous = w;
        }
        if (last.queued()) {
            boolean backOff = keptUp > 0 && (keptUp < last.rate() || queue <= last.rate());
            return backOff ? highestKeptUpBelow(windows, last.rate()) : last.rate();
        }
        boolean bounded = last.ceilings().stream().anyMatch(c -> c.kind() == MeterCeiling.Kind.REQUEST_THREADS);
        double cap = last.ceilings().stream().mapToDouble(c -> c.kind() == MeterCeiling.Kind.CPU && bounded
                ? c.rate() : WARM_SHARE * c.rate()).min().orElse(lowest);
        double factor = last.rate() < WARM_SHARE * lowest ? 2 : RateLadder.FACTOR;
        double next = RateLadder.rounded(Math.min(factor * last.rate(), cap));
        return next >= queue ? last.rate() : Math.max(last.rate(), next);
    }

    /** The highest rate below {@code rate} the service kept up with, or {@code rate} / {@link RateLadder#FACTOR}. */
    private static double highestKeptUpBelow(List<Window> windows, double rate) {
        return windows.stream().filter(w -> !w.queued() && w.rate() < rate)
                .mapToDouble(Window::rate).max().orElse(RateLadder.rounded(rate / RateLadder.FACTOR));
    }

    /**
     * Whether the probe can stop: its rate has stopped climbing (the warm rate is reached), and the CPU a request
     * costs changed by at most {@value #SETTLED_SHARE} from the window before and fell by at most that from the
     * window the service kept up with before those two, or is so far from binding (its ceiling above twice the
     * lowest, in both) that the JIT decides nothing. Both windows kept up: one that could not spread its CPU over
     * requests that piled up (spring-petclinic's probe "settled" on a queue's 8.00 ms against the next window's 8.30,
     * and its steps then measured 3.9). Three windows, not two: a JIT still at work can take off less than a tenth a
     * window (spring-petclinic's 9.10, 8.25 and 7.63 ms at 100, 188 and 207 req/s "settled", and its steps then
     * measured 7.8 to 4.8 ms as they climbed).
     */
    static boolean settled(List<Window> windows) {
        if (windows.size() < 2) {
            return false;
        }
        Window last = windows.getLast();
        Window before = windows.get(windows.size() - 2);
        if (last.queued() || before.queued()
                || last.rate() > RateLadder.FACTOR * before.rate()) {
            return false;
        }
        if (last.cpuMsPerRequest() == null || before.cpuMsPerRequest() == null) {
            return true;
        }
        boolean steady = Math.abs(last.cpuMsPerRequest() - before.cpuMsPerRequest())
                <= SETTLED_SHARE * before.cpuMsPerRequest() && !stillFalling(windows);
        return steady || (farFromBinding(last) && farFromBinding(before));
    }

    /**
     * Whether the CPU a request costs fell by more than {@value #SETTLED_SHARE} from the third-last window the
     * service kept up with to the last: false with fewer than three such windows.
     */
    private static boolean stillFalling(List<Window> windows) {
        List<Window> keptUp = windows.stream()
                .filter(w -> !w.queued() && w.cpuMsPerRequest() != null).toList();
        if (keptUp.size() < 3) {
            return false;
        }
        double first = keptUp.get(keptUp.size() - 3).cpuMsPerRequest();
        return first - keptUp.getLast().cpuMsPerRequest() > SETTLED_SHARE * first;
    }

    private static boolean farFromBinding(Window window) {
        double lowest = window.ceilings().getFirst().rate();
        return window.ceilings().stream().filter(c -> c.kind() == MeterCeiling.Kind.CPU)
                .allMatch(cpu -> cpu.rate() > 2 * lowest);
    }

    private Window window(URI target, MeterSource meters, AtRest atRest, double rate, List<Window> before,
                          int maxInFlight) throws MetersUnavailableException, InterruptedException {
        // Judged, as its ceilings are, without its first seconds: counted from the schedule's start, a window gains
        // no request answered late from before it to stand for those answered after its end, and at 5 req/s on a
        // 200 ms page the one request in flight at the end was 2% short of the offered rate: never "kept up".
        Offered offered = offer(target, meters, rate, plan.probeTime(), Duration.ofSeconds(PROBE_SETTLE_SECONDS),
                maxInFlight);
        RateRun.Recording recording = offered.recording();
        RateSummary summary = offered.summary();
        List<MeterSampler.Sample> steady = steady(recording, PROBE_SETTLE_SECONDS, plan.probeTime());
        RateSummary.Outcome outcome = summary.outcome();
        // The window, should its meters measure nothing, once the service has kept up with an earlier one.
        Optional<Window> pastTheKnee = unmeasured(rate, outcome.latency().p50Ms(), outcome.failed(),
                outcome.completionRate(), steady.size(), before);
        if (steady.size() < LEAST_READS) {
            return pastTheKnee.orElseThrow(() -> new MetersUnavailableException(meters.uri() + " answered "
                    + steady.size() + " of the probe's reads: lengthen --probe-time" + recording.meterSamples()
                    .stream().map(MeterSampler.Sample::error).filter(Objects::nonNull).findFirst()
                    .map(e -> " (" + e + ")").orElse("")));
        }
        Measured measured;
        try {
            measured = measured(steady, atRest, false);
        } catch (MetersUnavailableException countedNone) {
            // Read, but counting none of the window's requests: after a window the service kept up with, that is
            // the service, not the URL (out of heap, it answered nothing while its meters still answered).
            return pastTheKnee.orElseThrow(() -> countedNone);
        }
        if (measured.ceilings().isEmpty()) {
            throw new MetersUnavailableException(meters.uri() + " shows no pool that the requests held: none of "
                    + "hikaricp_connections_max, tomcat_threads_config_max_threads, jetty_threads_config_max, "
                    + "executor_pool_core_threads, executor_parallelism_threads, process_cpu_time_ns_total");
        }
        double floorMs = java.util.stream.Stream.concat(before.stream().map(Window::p50Ms),
                java.util.stream.Stream.of(outcome.latency().p50Ms())).mapToDouble(Double::doubleValue).min()
                .orElseThrow();
        boolean keptUp = HoldRule.brokenByAQueue(rate, outcome.completionRate(), outcome.latency().p99Ms(),
                outcome.failed(), floorMs, summary.seconds()).isEmpty();
        return new Window(rate, outcome.latency().p50Ms(), outcome.failed(), measured.ceilings(),
                measured.cpuMsPerRequest(), measured.clientCpuMsPerRequest(), measured.heap(), keptUp, steady.size(),
                outcome.completionRate());
    }

    /**
     * A window whose meters answered fewer than {@value #LEAST_READS} reads, or counted none of its requests, once the
     * service has kept up with an earlier one: meters served where the requests are wait in the queue they would show
     * (spring-petclinic's Actuator, on its main port, answered 1 read in a window at 818 req/s, having answered every
     * one at 445), so it is a window past the knee, which did not keep up, with the ceilings of the last window that
     * did. Empty when none did: the meters cannot be read at all, or count other requests, a command-line error.
     */
    static Optional<Window> unmeasured(double rate, double p50Ms, long failed, double completionRate, int reads,
                                       List<Window> before) {
        return lastKeptUp(before).map(keptUp -> new Window(rate, p50Ms, failed, keptUp.ceilings(), null, null, null,
                false, reads, completionRate));
    }

    /** The last of {@code windows} the service kept up with (or that was not judged), if any. */
    private static Optional<Window> lastKeptUp(List<Window> windows) {
        return windows.reversed().stream().filter(w -> !w.queued()).findFirst();
    }

    /** A steady rate offered, and its summary. */
    private record Offered(RateRun.Recording recording, RateSummary summary) {
    }

    /**
     * {@code rate} offered to {@code target} for {@code length}, at most {@code maxInFlight} at once, its first
     * {@code warmup} left out of the summary.
     */
    private Offered offer(URI target, MeterSource meters, double rate, Duration length, Duration warmup,
                          int maxInFlight) throws InterruptedException {
        Schedule schedule = new Schedule(rate, length, Arrivals.UNIFORM, Schedule.DEFAULT_SEED);
        RateRun.Recording recording = rates.run(target, schedule, maxInFlight, null, meters);
        return new Offered(recording, RateSummary.of(recording, schedule, warmup, RunSummary.PAGE,
                target.toString(), 0, null, null, null));
    }

    /** What the reads from {@code fromSecond} to the end of a run of {@code length} answered. */
    private static List<MeterSampler.Sample> steady(RateRun.Recording recording, long fromSecond, Duration length) {
        return recording.meterSamples().stream().filter(s -> s.meters() != null && s.second() >= fromSecond
                && s.second() <= length.toSeconds()).toList();
    }

    /** The ceilings of a window of reads, with what a request cost the CPU and the heap. */
    private record Measured(List<MeterCeiling> ceilings, Double cpuMsPerRequest, double clientCpuMsPerRequest,
                            HeapPoint heap) {
    }

    /**
     * What {@code steady} measured. A step's CPU ceiling takes out the cores its busiest second used beyond the mean
     * ({@code busiestSecond}): near the knee a queue forms in the seconds the cores are full, before they are full on
     * average (spring-petclinic's, in docs/observing.md). A probe's window keeps the mean: its busiest second, at
     * rates far below the knee, is mostly the JIT's, and its ceiling paces the probe's climb.
     */
    private Measured measured(List<MeterSampler.Sample> steady, AtRest atRest, boolean busiestSecond)
            throws MetersUnavailableException {
        MeterSampler.Sample first = steady.getFirst();
        MeterSampler.Sample last = steady.getLast();
        List<MeterSnapshot> during = steady.stream().map(MeterSampler.Sample::meters).toList();
        double seconds = last.second() - first.second();
        java.util.function.Predicate<String> uris = MeterCeilings.busiestUri(first.meters(), last.meters());
        double clientCpuSeconds = plan.clientShares()
                ? (last.clientCpuNanos() - first.clientCpuNanos()) / 1e9 : 0;
        List<MeterCeiling> ceilings = MeterCeilings.of(atRest.lastRead(), during, seconds, uris,
                new MeterCeilings.Context(atRest.idleCores(), clientCpuSeconds, atRest.settings(), busiestSecond));
        double requests = MeterCeilings.requests(last.meters(), uris) - MeterCeilings.requests(first.meters(), uris);
        Double cpuMs = ceilings.stream().filter(c -> c.kind() == MeterCeiling.Kind.CPU).findFirst()
                .map(c -> c.holdSeconds() * 1000).orElse(null);
        double requestSeconds = last.meters().sum(StandardMeter.HTTP_REQUEST_SECONDS, MeterCeilings.SERVICE_URIS)
                .orElse(0) - first.meters().sum(StandardMeter.HTTP_REQUEST_SECONDS, MeterCeilings.SERVICE_URIS)
                .orElse(0);
        OptionalDouble heapUsed = during.stream().map(s -> s.value(StandardMeter.HEAP_USED, "heap"))
                .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).min();
        HeapPoint heap = heapUsed.isPresent() && seconds > 0
                ? new HeapPoint(requestSeconds / seconds, heapUsed.getAsDouble()) : null;
        return new Measured(ceilings, cpuMs, requests > 0 ? clientCpuSeconds * 1000 / requests : 0, heap);
    }

    /** The steps, from below the probe's lowest ceiling, each handed to {@code progress} as it ends. */
    public List<Step> steps(URI target, MeterSource meters, Probe probe, Consumer<Step> progress)
            throws InterruptedException {
        if (probe.serviceGone()) {
            return List.of();
        }
        MeterCeiling binding = probe.ceilings().getFirst();
        Optional<MeterCeiling> heap = HeapCeiling.in(probe.ceilings());
        int bound = withinHeap(heap, plan.maxInFlight());
        double maxRate = plan.maxRate() == null ? SAFETY_MAX_RATE : plan.maxRate();
        double start = Math.min(START_SHARE * binding.rate(), maxRate);
        RateLadder ladder = new RateLadder(start, plan.bisections(), maxRate);
        List<Step> steps = new ArrayList<>();
        for (OptionalDouble rate = next(ladder, steps); rate.isPresent() && !Thread.currentThread().isInterrupted();
             rate = next(ladder, steps)) {
            int maxInFlight = maxInFlight(rate.getAsDouble(), probe.p50Ms(), bound);
            Step step = step(target, meters, probe, binding, heap, maxInFlight, rate.getAsDouble());
            progress.accept(step);
            if (step.runAgain() && !Thread.currentThread().isInterrupted()) {
                step = step(target, meters, probe, binding, heap, maxInFlight, rate.getAsDouble()).after(step);
                progress.accept(step);
            }
            steps.add(step);
            if (step.serviceGone()) {
                break; // nothing more to learn from a service that no longer answers
            }
        }
        return steps;
    }

    /**
     * The most requests a window or step keeps in flight at once: the load generator's own limit, and where the search
     * found a ceiling of the heap ({@link HeapCeiling}), no more than it holds.
     */
    static int withinHeap(Optional<MeterCeiling> heap, int clientMax) {
        return heap.map(h -> (int) Math.min(clientMax, h.size())).orElse(clientMax);
    }

    /**
     * The most requests in flight at once at {@code rate}: {@value #IN_FLIGHT_MARGIN} x what a rate that holds could
     * have against {@code floorMs} ({@link HoldRule#queueLimitMs}), within {@code bound}; at least 1.
     */
    static int maxInFlight(double rate, double floorMs, int bound) {
        double held = rate * HoldRule.queueLimitMs(floorMs) / 1000;
        return (int) Math.max(1, Math.min(bound, Math.ceil(IN_FLIGHT_MARGIN * held)));
    }

    /** The next step's rate: a break gone stale, run again ({@link #staleBreak}), else the ladder's. */
    private static OptionalDouble next(RateLadder ladder, List<Step> steps) {
        OptionalDouble stale = staleBreak(steps);
        return stale.isPresent() ? stale : ladder.next(deciding(steps));
    }

    /**
     * A rate that broke on a service not yet as warm, to run once more: the lowest rate that broke above the highest
     * that held, when a request cost it more than {@value #SETTLED_SHARE} more CPU than in a step that held after
     * it. The service had got cheaper since, and the break no longer says where its knee is: on spring-petclinic the
     * first step broke at 449 req/s at 3.44 ms a request, the ladder narrowed to 435 under it while its steps came to
     * cost 2.15 ms, and vegeta held 684 on the same service minutes later. A rate runs again at most once; a step
     * whose CPU was not read is not judged.
     */
    static OptionalDouble staleBreak(List<Step> steps) {
        List<Step> deciding = decidingSteps(steps);
        OptionalDouble held = RateLadder.sustained(deciding.stream().map(Step::rung).toList());
        Optional<Step> broken = deciding.stream().filter(s -> !s.held()
                        && (held.isEmpty() || s.offeredRate() > held.getAsDouble()))
                .min(Comparator.comparingDouble(Step::offeredRate));
        if (broken.isEmpty() || broken.get().cpuMsPerRequest() == null || earlierRun(steps, broken.get()).isPresent()) {
            return OptionalDouble.empty();
        }
        Step brokenStep = broken.get();
        Optional<Step> heldAfter = lastHeldBetween(steps, brokenStep, steps.size());
        return heldAfter.isPresent()
                && brokenStep.cpuMsPerRequest() > (1 + SETTLED_SHARE) * heldAfter.get().cpuMsPerRequest()
                ? OptionalDouble.of(brokenStep.offeredRate()) : OptionalDouble.empty();
    }

    /** The last step after {@code after} and before index {@code end} that held with its CPU read, if any. */
    private static Optional<Step> lastHeldBetween(List<Step> steps, Step after, int end) {
        return steps.subList(steps.indexOf(after) + 1, end).stream()
                .filter(s -> s.held() && s.cpuMsPerRequest() != null).reduce((first, second) -> second);
    }

    /** What the ladder goes by: each rate's last run (a stale break run again replaces the break). */
    static List<RateLadder.Rung> deciding(List<Step> steps) {
        return decidingSteps(steps).stream().map(Step::rung).toList();
    }

    private static List<Step> decidingSteps(List<Step> steps) {
        return steps.stream().filter(s -> !ranAgain(steps, s)).toList();
    }

    /** Whether {@code step} ran again later at its rate ({@link #staleBreak}). */
    private static boolean ranAgain(List<Step> steps, Step step) {
        return steps.subList(steps.indexOf(step) + 1, steps.size()).stream()
                .anyMatch(s -> s.offeredRate() == step.offeredRate());
    }

    /** The first step before {@code step} that ran at its rate: the break {@code step} ran again, if it is one. */
    private static Optional<Step> earlierRun(List<Step> steps, Step step) {
        return steps.subList(0, steps.indexOf(step)).stream().filter(s -> s.offeredRate() == step.offeredRate())
                .findFirst();
    }

    /**
     * What a step's line adds when its rate ran before: it is a stale break run again ({@link #staleBreak}), with the
     * two costs that made it one; nothing on a rate's first run, nor on a step not in {@code steps} (a first run a
     * stall had broken, carried by its second).
     */
    public static String staleBreakNote(List<Step> steps, Step step) {
        int index = steps.indexOf(step);
        if (index < 0) {
            return "";
        }
        return earlierRun(steps, step)
                .flatMap(broken -> lastHeldBetween(steps, broken, index).map(held -> String.format(Locale.ROOT,
                        " (run again: it had broken at %s of CPU a request, and %s req/s held since at %s)",
                        ReadableFigures.millis(broken.cpuMsPerRequest()), ReadableFigures.rate(held.offeredRate()),
                        ReadableFigures.millis(held.cpuMsPerRequest()))))
                .orElse("");
    }

    /**
     * One step at {@code rate}, at most {@code maxInFlight} requests in flight at once; {@code heap} the probe's
     * ceiling of the heap, when it found one, re-measured at the step's own time in flight.
     */
    private Step step(URI target, MeterSource meters, Probe probe, MeterCeiling binding, Optional<MeterCeiling> heap,
                      int maxInFlight, double rate) throws InterruptedException {
        Offered offered = offer(target, meters, rate, plan.stepTime(), plan.stepWarmup(), maxInFlight);
        RateRun.Recording recording = offered.recording();
        RateSummary summary = offered.summary();
        RateSummary.Outcome outcome = summary.outcome();
        double floorMs = probe.p50Ms();
        List<String> broken = HoldRule.brokenByAQueue(rate, outcome.completionRate(), outcome.latency().p99Ms(),
                outcome.failed(), floorMs, summary.seconds());
        boolean stallPassed = HoldRule.stallPassedByAQueue(summary.seconds(), floorMs);
        List<Map<String, Double>> reads = recording.meterSamples().stream().map(MeterSampler.Sample::meters)
                .filter(Objects::nonNull).map(MeterSnapshot::byPrometheusLine).toList();
        OptionalDouble slowestRead = recording.meterSamples().stream().mapToDouble(MeterSampler.Sample::readMs).max();
        Measured measured = null;
        List<MeterSampler.Sample> steady = steady(recording, plan.stepWarmup().toSeconds(), plan.stepTime());
        if (steady.size() >= LEAST_READS && probe.atRest() != null) {
            try {
                measured = measured(steady, probe.restForSteps(), true);
            } catch (MetersUnavailableException unreadable) {
                // the step stands on its latency and counts; its ceilings stay unknown
            }
        }
        List<MeterCeiling> ceilings = measured == null ? null : measured.ceilings();
        if (ceilings != null && heap.isPresent()) {
            List<MeterCeiling> pools = ceilings;
            ceilings = HeapCeiling.at(heap.get(), measured.heap(), outcome.completionRate())
                    .map(heapNow -> HeapCeiling.with(pools, heapNow)).orElse(pools);
        }
        return new Step(rate, outcome.completionRate(), outcome.latency().p99Ms(), outcome.failed(),
                broken.isEmpty(), broken, stallPassed, MeterSampler.peak(reads, binding.watchLine()),
                MeterSampler.peak(reads, binding.inUseLine()),
                slowestRead.isPresent() ? slowestRead.getAsDouble() : null, null, ceilings,
                measured == null ? null : measured.heap());
    }
}
