package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.FanOutAftermath;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.labclient.ServerThreads;
import dev.vtlab.loadgen.labclient.VisitCounter;
import dev.vtlab.redaction.Secrets;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;

/**
 * One measurement against a running server: reset the lab, fire the burst, read the lab back, and sum it up.
 * Whatever the server does (fail, die), the burst's own figures are kept.
 */
public final class LoadRun {

    /** A warm-up is steady when a round's p99 moved by at most this fraction from the round before. */
    static final double STEADY = 0.10;
    /** The most warm-up rounds before measuring anyway. */
    static final int MAX_ROUNDS = 5;

    /**
     * JFR delivers its events about once a second: the virtual-thread counts are read again after this long until
     * two reads agree (nothing more was delivered), for at most {@link #JFR_DEADLINE}.
     */
    private static final Duration JFR_DELIVERY = Duration.ofMillis(1100);
    private static final Duration JFR_DEADLINE = Duration.ofSeconds(15);
    /** Virtual threads one read of the lab may start in the server: its own request's, with T on. */
    private static final long LAB_READ_THREADS = 1;

    private final HttpClient client;
    private final Duration connectTimeout;
    private final Duration requestTimeout;

    /**
     * @param client         for the lab endpoints
     * @param connectTimeout for the burst's connections
     * @param requestTimeout for each request of a burst
     */
    public LoadRun(HttpClient client, Duration connectTimeout, Duration requestTimeout) {
        this.client = client;
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    /**
     * A warm-up of {@code requests} at once, whose results are discarded, to warm the JIT of both sides. It goes to
     * {@code /sync} whatever the mode measured: that warms Tomcat, Spring MVC, Jackson, the use case and the client's
     * own code without queuing work that a failing mode (callable with A off) would leave behind for the measured
     * burst. Like every burst it opens its own connections, so the measured burst does not reuse warm ones. At a
     * server that cannot serve that many within a request's time-out, it sends fewer ({@link WarmUpRound}).
     *
     * @param lab where the server's lab answers, to size the round
     */
    public WarmUp warmUp(URI base, URI lab, int requests) throws IOException, InterruptedException {
        return requests <= 0 ? WarmUp.NONE : warmUpRounds(base.resolve(Mode.SYNC.path()), WarmUpRound.of(requests,
                new LabClient(client, lab).environment(), requestTimeout), 1);
    }

    /**
     * Warms up until steady: rounds of {@code roundSize} requests to {@code /sync} until a round's p99 is within
     * {@link #STEADY} of the round before, at most {@link #MAX_ROUNDS} rounds. A fresh server's JIT keeps improving
     * over thousands of requests; one fixed round left the first run's p99 14% above the next runs' (docs/benchmarks.md,
     * "Warm runs").
     */
    public WarmUp warmUpUntilSteady(URI base, URI lab, int roundSize) throws IOException, InterruptedException {
        return warmUpRounds(base.resolve(Mode.SYNC.path()), WarmUpRound.of(roundSize,
                new LabClient(client, lab).environment(), requestTimeout), MAX_ROUNDS);
    }

    /**
     * Warms up a page of any service as {@link #warmUpUntilSteady} warms vtlab's: rounds of {@code roundSize}
     * requests to the page itself (no lab tells what the service can hold, so no round is made smaller), or one round
     * of {@code requests} when {@code untilSteady} is false ({@code 0}: none).
     */
    public WarmUp warmUpPage(URI page, int roundSize, boolean untilSteady) throws InterruptedException {
        if (!untilSteady && roundSize <= 0) {
            return WarmUp.NONE;
        }
        return warmUpRounds(page, new WarmUpRound(roundSize, null), untilSteady ? MAX_ROUNDS : 1);
    }

    /**
     * Rounds of {@code roundSize} (or fewer, {@link WarmUpRound}) until steady, at most {@code maxRounds}; stops
     * early when most of a round failed: such a round warms nothing and only fills the server's queues.
     */
    private WarmUp warmUpRounds(URI target, WarmUpRound round, int maxRounds) throws InterruptedException {
        List<String> notes = new ArrayList<>();
        if (round.note() != null) {
            notes.add(round.note());
        }
        List<Double> p99s = new ArrayList<>();
        long start = System.nanoTime();
        int sent = 0;
        long succeeded = 0;
        while (p99s.size() < maxRounds && !steady(p99s)) {
            List<RequestResult> results = new Burst(connectTimeout, requestTimeout).fire(target, round.size(),
                    round.size());
            long roundSucceeded = results.stream().filter(RequestResult::succeeded).count();
            sent += round.size();
            succeeded += roundSucceeded;
            p99s.add(Latencies.of(results).p99Ms());
            if (roundSucceeded * 2 < round.size()) {
                notes.add("stopped after round " + p99s.size() + ": " + (round.size() - roundSucceeded) + " of "
                        + round.size() + " failed " + RequestResult.failuresByCause(results)
                        + ", which warms nothing and only fills the server's queues");
                break;
            }
        }
        return new WarmUp(sent, succeeded, List.copyOf(p99s), notes.isEmpty() ? null : String.join("; ", notes),
                (System.nanoTime() - start) / 1e6);
    }

    /**
     * Whether the last of a series of measures (warm-up rounds' p99s, bursts' CPU a request) moved by at most
     * {@link #STEADY} from the one before.
     */
    public static boolean steady(List<Double> series) {
        if (series.size() < 2) {
            return false;
        }
        double last = series.getLast();
        double before = series.get(series.size() - 2);
        return before > 0 && Math.abs(last - before) / before <= STEADY;
    }

    /**
     * Measures one burst.
     *
     * @param base            where the burst goes
     * @param lab             where the server's lab is read (the same server, often the same URL)
     * @param visits          where visits are counted (the server's lab, or the visit store)
     * @param visitsBefore    the visit count read before the warm-up
     * @param warmUp          the warm-up sent since then
     * @param meters          the server's meters, read once a second through the burst for their peaks; or
     *                        {@code null}
     * @throws QuietServer.NotQuietException when the server still held earlier requests at the deadline
     *                                       ({@link QuietServer#deadlineFor}): nothing was measured
     * @throws IOException                   when its lab could not be read before the burst
     */
    public Measurement measure(URI base, URI lab, Mode mode, int requests, int concurrency, VisitCounter visits,
                               long visitsBefore, WarmUp warmUp, MeterSource meters)
            throws QuietServer.NotQuietException, IOException, InterruptedException {
        LabClient labClient = new LabClient(client, lab);
        Duration quietWait = QuietServer.await(labClient, QuietServer.deadlineFor(requestTimeout));
        String labError = null;
        try {
            labClient.reset();
        } catch (IOException e) {
            labError = "could not reset the lab before the burst: " + e.getMessage();
        }
        Fired fired = fire(base.resolve(mode.path()), requests, concurrency, meters);

        ServerEnvironment environment = null;
        ServerThreads threads = null;
        ServerJvm jvm = null;
        FanOutAftermath fanOut = null;
        Long visitsAfter = null;
        try {
            jvm = delivered(labClient);
            environment = labClient.environment();
            threads = labClient.threads();
            fanOut = mode == Mode.FANOUT ? labClient.fanOut() : null;
            visitsAfter = visits.visitsSaved();
        } catch (IOException e) {
            labError = "could not read the lab after the burst: " + e.getMessage();
        }
        long succeeded = fired.results().stream().filter(RequestResult::succeeded).count();
        // Unknown, not zero, when the count could not be read after the burst.
        Long visitsSaved = visitsAfter == null ? null : visitsAfter - visitsBefore;
        // The warm-up visits (/sync); of the burst, only a mode that saves a visit.
        long expected = (mode.visits() ? succeeded : 0) + warmUp.succeeded();
        Long difference = visitsSaved == null ? null : expected - visitsSaved;
        return summed(fired, mode.label(), base, requests, concurrency, warmUp, quietWait.toNanos() / 1e6,
                new RunSummary.Writes(warmUp.requests(), warmUp.succeeded(), visitsSaved,
                        difference == null ? null : Math.max(difference, 0),
                        difference == null ? null : Math.max(-difference, 0)),
                new RunSummary.ServerSide(environment, threads, jvm, fanOut, labError, fired.meterPeaks()));
    }

    /**
     * Measures one burst to a page of any service: no lab to reset, wait for or read back, no visits to count; the
     * burst's own figures, and the service's meters when given.
     */
    public Measurement measurePage(URI page, int requests, int concurrency, WarmUp warmUp, MeterSource meters)
            throws InterruptedException {
        Fired fired = fire(page, requests, concurrency, meters);
        return summed(fired, RunSummary.PAGE, page, requests, concurrency, warmUp, null,
                new RunSummary.Writes(warmUp.requests(), warmUp.succeeded(), null, null, null),
                new RunSummary.ServerSide(null, null, null, null, null, fired.meterPeaks()));
    }

    /** What a burst sent and got, and what it cost the client and the kernel. */
    private record Fired(List<RequestResult> results, double clientCpuMs, Map<String, Long> kernelDelta,
                         Map<String, Double> meterPeaks) {
    }

    private Fired fire(URI target, int requests, int concurrency, MeterSource meters) throws InterruptedException {
        Map<String, Long> kernelBefore = KernelCounters.read();
        long cpuBefore = ClientEnvironment.cpuNanos();
        Map<String, Double> meterPeaks;
        MeterSampler sampler = meters == null ? null : MeterSampler.start(meters, System.nanoTime());
        List<RequestResult> results;
        try {
            results = new Burst(connectTimeout, requestTimeout).fire(target, requests, concurrency);
        } finally {
            meterPeaks = sampler == null ? null : MeterSampler.peaks(sampler.stop());
        }
        return new Fired(results, (ClientEnvironment.cpuNanos() - cpuBefore) / 1e6,
                KernelCounters.delta(kernelBefore, KernelCounters.read()), meterPeaks);
    }

    private static Measurement summed(Fired fired, String mode, URI url, int requests, int concurrency,
                                      WarmUp warmUp, Double quietWaitMs, RunSummary.Writes writes,
                                      RunSummary.ServerSide server) {
        List<RequestResult> results = fired.results();
        long succeeded = results.stream().filter(RequestResult::succeeded).count();
        Map<String, Long> failures = RequestResult.failuresByCause(results);
        double wallMs = results.stream().mapToLong(RequestResult::endMicros).max().orElse(0) / 1000.0;
        LongSummaryStatistics starts = results.stream().mapToLong(RequestResult::startMicros).summaryStatistics();
        double spreadMs = results.isEmpty() ? 0 : (starts.getMax() - starts.getMin()) / 1000.0;
        boolean kernelTrouble = fired.kernelDelta().entrySet().stream()
                .anyMatch(e -> !e.getKey().equals("TcpRetransSegs") && e.getValue() > 0);
        RunSummary summary = new RunSummary(
                new RunSummary.Burst(mode, Secrets.redact(url.toString()), requests, concurrency,
                        warmUp.roundP99Ms(), warmUp.note(), warmUp.durationMs(), quietWaitMs),
                new RunSummary.Outcome(succeeded, results.size() - succeeded, failures, wallMs,
                        wallMs > 0 ? succeeded / (wallMs / 1000.0) : 0, Latencies.of(results), spreadMs,
                        fired.clientCpuMs()),
                writes, new RunSummary.ClientSide(fired.kernelDelta(), kernelTrouble, ClientEnvironment.current()),
                server);
        return new Measurement(summary, results);
    }

    /**
     * The server's JVM figures once JFR has delivered the burst's events: read until two reads
     * {@link #JFR_DELIVERY} apart agree on the virtual threads pinned and, but for one, started, or the deadline
     * passed (then the last read, which may still miss the last second's events). One: when the lab answers on the
     * main connector and T is on, each read is itself served on a virtual thread, which JFR delivers by the next
     * read; demanding equal counts there waited out the whole deadline, 15 s a burst.
     */
    private static ServerJvm delivered(LabClient labClient) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + JFR_DEADLINE.toNanos();
        ServerJvm before = labClient.jvm();
        while (true) {
            Thread.sleep(JFR_DELIVERY);
            ServerJvm now = labClient.jvm();
            boolean settled = now.virtualThreadsStarted() - before.virtualThreadsStarted() <= LAB_READ_THREADS
                    && now.virtualThreadsPinned() == before.virtualThreadsPinned();
            if (settled || System.nanoTime() > deadline) {
                return now;
            }
            before = now;
        }
    }

    /**
     * A summary and the requests it sums up.
     *
     * @param summary  the figures
     * @param requests one result per request, ordered by id
     */
    public record Measurement(RunSummary summary, List<RequestResult> requests) {
    }
}
