package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.MeterCeilings;
import dev.vtlab.loadgen.meters.MeterSnapshot;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.Arrivals;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.QuietServer;
import dev.vtlab.loadgen.load.MeterSampler;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.load.Schedule;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.ExperimentPlan;
import dev.vtlab.loadgen.matrix.ServerAndDownstream;
import dev.vtlab.loadgen.matrix.ServerProcess;
import dev.vtlab.loadgen.matrix.StopOnSignal;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Runs a capacity search: for each planned combination a fresh server (and the downstream behind it), and for each
 * of its modes a warm-up, then steps of a steady rate ({@link RateLadder}) on a server that holds no request before
 * each, until the search ends. Whatever happens, Ctrl-C included, the report is written with what was measured,
 * marked partial when the search did not finish, and no server outlives the runner.
 */
public final class CapacityRunner {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /**
     * The warm-up step's rate at most (else half the prediction): enough for the JIT, and held by a cold server on
     * one core (at 1,000 req/s it was not, and its CPU time a request came out eight times the knee's).
     */
    private static final double WARMUP_RATE = 500;
    /** The first step offers this share of the predicted ceiling: the ladder climbs from below it. */
    static final double START_SHARE = 0.6;
    /**
     * The first step offers at most this many times the CPU's ceiling as the warm-up step measured it. That ceiling
     * is a cold JIT's: in the 20 CPU-bound searches of 2026-11-26 the knee came 3.6 to 7.5 times above it, so twice
     * it stays below every knee, and spares the three steps of x1.25 a ladder from it took to get there.
     */
    static final double WARMUP_CPU_MULTIPLE = 2;
    /**
     * A search the CPU binds halves the last gap this many times more than {@code --bisections}: its knee is soft (it
     * came with the cores 83 to 98% busy, a step breaking on a stall), and the rate sustained lies up to the last gap
     * below it, 6% after two halvings, 3% after three. A pool's knee is sharp: two halvings found 0.95 to 1.00 of it.
     */
    static final int CPU_EXTRA_BISECTIONS = 1;

    /** Writes the report of a capacity search; the {@code report} side provides it. */
    @FunctionalInterface
    public interface Report {
        void write(List<CapacityRun> runs, Instant started, Instant finished, boolean interrupted);
    }

    private final CapacitySettings settings;
    private final PrintWriter out;
    private final Report report;
    private final HttpClient client = HttpClients.create(CONNECT_TIMEOUT);
    private final ChildProcesses children = new ChildProcesses();
    private final Instant started = Instant.now();
    private final List<CapacityRun> runs = new ArrayList<>();
    private boolean reportWritten;

    public CapacityRunner(CapacitySettings settings, PrintWriter out, Report report) {
        this.settings = settings;
        this.out = out;
        this.report = report;
    }

    /** Runs the plan, writes the report, and returns every planned run (those not reached as {@code NOT_RUN}). */
    public List<CapacityRun> run(ExperimentPlan plan) throws InterruptedException {
        try (StopOnSignal signal = new StopOnSignal("capacity", children, () -> finish(plan, true),
                settings.servers().outputDir())) {
            for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
                if (signal.stopping()) {
                    break;
                }
                measure(server.getKey(), server.getValue(), signal);
            }
            finish(plan, signal.stopping());
            return snapshot();
        }
    }

    /** One fresh server for the combination, each of its modes searched on it in turn. */
    private void measure(Combination combination, List<Mode> modes, StopOnSignal signal) throws InterruptedException {
        ServerAndDownstream server;
        try {
            server = ServerAndDownstream.start(settings.servers(), combination,
                    settings.servers().outputDir().resolve("servers"), client, children);
        } catch (ServerProcess.ServerStartException e) {
            for (Mode mode : modes) {
                add(CapacityRun.notMeasured(combination.label(), mode.label(), "SERVER_FAILED", e.getMessage(),
                        List.of(), null));
            }
            return;
        }
        try {
            LabClient lab = new LabClient(client, server.lab());
            MeterSource meters = server.openMeters(client, why -> out.println("  meters not read: " + why));
            for (Mode mode : modes) {
                if (signal.stopping()) {
                    return;
                }
                add(search(server, lab, meters, combination, mode, signal));
            }
        } finally {
            server.stop(STOP_GRACE);
        }
    }

    /** The warm-up, then the ladder's steps, each judged and printed. */
    private CapacityRun search(ServerAndDownstream server, LabClient lab, MeterSource meters, Combination combination,
                               Mode mode, StopOnSignal signal) throws InterruptedException {
        List<CapacityStep> steps = new ArrayList<>();
        ServerEnvironment environment = null;
        try {
            environment = lab.environment();
            // The warm-up's rate comes from the configuration alone: what a request costs the CPU is not known yet.
            Ceiling sized = LittlesLaw.binding(environment, mode, null);
            CapacityStep warmUp = step(server, lab, meters, environment, mode,
                    Math.min(WARMUP_RATE, sized.rate() / 2));
            // The first step below every ceiling, the CPU's too: past the CPU's knee a step left the server
            // costlier for the next ones (its core full at half the knee), and the CPU's prediction of those steps
            // was void. A sized ceiling is predicted well: the ladder starts below it. The CPU's, from the warm-up,
            // is low (a cold JIT's work and fixed costs over few requests): the ladder starts at twice it, if that
            // is lower.
            Optional<Ceiling> cpu = CapacityRun.ceilings(environment, mode, warmUp, loadGeneratorCores()).stream()
                    .filter(c -> c.resource().cpu()).findFirst();
            double start = START_SHARE * Math.min(sized.rate(), settings.steps().maxRate());
            if (cpu.isPresent()) {
                start = Math.min(start, WARMUP_CPU_MULTIPLE * cpu.get().rate()); // the ladder rounds its start
            }
            out.printf(Locale.ROOT, "%s %s: Little's law %s req/s (%s: %s)%s; steps from %s req/s%n", mode.label(),
                    combination.label(), CapacityRun.rate(sized.rate()), sized.resource().label(), sized.explain(),
                    cpu.map(c -> ", the " + c.resource().label() + " at the warm-up " + CapacityRun.rate(c.rate())
                            + " req/s").orElse(""), CapacityRun.rate(start));
            boolean cpuBinds = cpu.isPresent() && cpu.get().rate() < sized.rate();
            RateLadder ladder = new RateLadder(start,
                    settings.steps().bisections() + (cpuBinds ? CPU_EXTRA_BISECTIONS : 0), settings.steps().maxRate());
            for (OptionalDouble rate = ladder.next(List.of()); rate.isPresent() && !signal.stopping();
                 rate = ladder.next(steps.stream().map(CapacityStep::rung).toList())) {
                CapacityStep step = step(server, lab, meters, environment, mode, rate.getAsDouble());
                boolean runAgain = step.runAgain(mode.floorMs(environment));
                print(step, HoldRule.runAgainNote(runAgain, false));
                if (runAgain && !signal.stopping()) {
                    step = step(server, lab, meters, environment, mode, rate.getAsDouble()).after(step);
                    print(step, HoldRule.runAgainNote(false, true));
                }
                steps.add(step);
            }
        } catch (QuietServer.NotQuietException | IOException e) {
            return CapacityRun.notMeasured(combination.label(), mode.label(), "SERVER_FAILED", e.getMessage(), steps,
                    environment);
        }
        if (steps.isEmpty()) {
            return CapacityRun.notMeasured(combination.label(), mode.label(), "NOT_RUN",
                    "interrupted before its first step", steps, environment);
        }
        CapacityRun run = CapacityRun.measured(combination.label(), mode, steps, environment,
                settings.steps().stepTime().toMillis() / 1000.0, loadGeneratorCores());
        out.printf(Locale.ROOT, "  sustained %s req/s; predicted %s req/s (%s)%s%n",
                CapacityRun.rate(run.sustainedRate()), CapacityRun.rate(run.predicted().rate()),
                run.predicted().resource().label(), run.ratio() == null ? ""
                        : String.format(Locale.ROOT, ", measured / predicted %.2f", run.ratio()));
        return run;
    }

    private void print(CapacityStep step, String runAgainNote) {
        Double gcMs = step.gcPauseMsWorstSecond();
        out.printf(Locale.ROOT, "  %9s req/s: %s (p99 %.0f ms, completed %.1f req/s, %d failed, send lag p99 %.1f ms%s)"
                        + "%s%n", CapacityRun.rate(step.offeredRate()), step.held() ? "held"
                        : "not held: " + String.join(", ", step.broken()), step.p99Ms(), step.completionRate(),
                step.failed(), step.lagP99Ms(), step.held() || gcMs == null ? ""
                        : String.format(Locale.ROOT, ", GC paused the server %.0f ms in its worst second", gcMs),
                runAgainNote);
        out.flush();
    }

    /** The load generator's cores when the server runs on cores of its own, else {@code null}. */
    private Integer loadGeneratorCores() {
        return settings.servers().server().cores() == null ? null
                : settings.servers().server().cores().client().size();
    }

    /** One rate run of a step's length on a quiet server, with what a request cost each side's CPU. */
    private CapacityStep step(ServerAndDownstream server, LabClient lab, MeterSource meters,
                              ServerEnvironment environment, Mode mode, double rate)
            throws IOException, InterruptedException, QuietServer.NotQuietException {
        CapacitySettings.Steps steps = settings.steps();
        Duration deadline = QuietServer.deadlineFor(steps.timeout());
        Duration quiet = QuietServer.await(lab, deadline);
        MeterSnapshot atRest = readAtRest(meters);
        long clientCpuBefore = ClientEnvironment.cpuNanos();
        Schedule schedule = new Schedule(rate, steps.stepTime(), Arrivals.UNIFORM, Schedule.DEFAULT_SEED);
        RateRun.Recording recording = new RateRun(CONNECT_TIMEOUT, steps.timeout())
                .run(server.base().resolve(mode.path()), schedule, ClientLimits.ofThisMachine().maxConcurrency(), lab,
                        meters);
        long clientCpuAfter = ClientEnvironment.cpuNanos();
        Duration quietAfter = QuietServer.await(lab, deadline);
        RateSummary summary = RateSummary.of(recording, schedule, steps.stepWarmup(), mode.label(),
                server.base().toString(), quiet.toNanos() / 1e6, environment, null, quietAfter);
        StepCpu cpu = StepCpu.steady(recording, steadyFrom(steps), steadyTo(steps)).orElseGet(
                () -> StepCpu.clientOnly(clientCpuAfter - clientCpuBefore, recording.requests().size()));
        return CapacityStep.of(summary, cpu.serverMsPerRequest(), cpu.clientMsPerRequest(), mode.floorMs(environment),
                meterCeilings(atRest, recording, steps, mode));
    }

    /** The first second of a step's measured part: its warm-up's end. */
    private static long steadyFrom(CapacitySettings.Steps steps) {
        return Math.max(1, steps.stepWarmup().toSeconds());
    }

    /** The last second of a step's measured part: its end. */
    private static long steadyTo(CapacitySettings.Steps steps) {
        return steps.stepTime().toSeconds();
    }

    private static MeterSnapshot readAtRest(MeterSource meters) throws InterruptedException {
        try {
            return meters == null ? null : meters.read();
        } catch (MetersUnavailableException e) {
            return null;
        }
    }

    /**
     * Little's law from the meters read each second of the step's measured part (from the end of its warm-up to its
     * end), over the requests to the mode's path (the lab's reads are requests too), or {@code null} when they were
     * not read or lack what it needs.
     */
    private static List<MeterCeiling> meterCeilings(MeterSnapshot atRest, RateRun.Recording recording,
                                                    CapacitySettings.Steps steps, Mode mode) {
        long from = steadyFrom(steps);
        long to = steadyTo(steps);
        List<MeterSampler.Sample> measured = recording.meterSamples().stream()
                .filter(s -> s.meters() != null && s.second() >= from && s.second() <= to).toList();
        if (atRest == null || measured.size() < 2) {
            return null;
        }
        try {
            return MeterCeilings.of(atRest, measured.stream().map(MeterSampler.Sample::meters).toList(),
                    measured.getLast().second() - measured.getFirst().second(), mode.path()::equals);
        } catch (MetersUnavailableException e) {
            return null;
        }
    }

    private synchronized void add(CapacityRun run) {
        runs.add(run);
    }

    private synchronized List<CapacityRun> snapshot() {
        return List.copyOf(runs);
    }

    /** Writes the report once, with every planned run; returns whether this call wrote it. */
    private synchronized boolean finish(ExperimentPlan plan, boolean interrupted) {
        if (reportWritten) {
            return false;
        }
        List<CapacityRun> all = new ArrayList<>(runs);
        for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
            for (Mode mode : server.getValue()) {
                String flags = server.getKey().label();
                if (all.stream().noneMatch(r -> r.flags().equals(flags) && r.mode().equals(mode.label()))) {
                    all.add(CapacityRun.notMeasured(flags, mode.label(), "NOT_RUN",
                            interrupted ? "interrupted before this run" : "not run", List.of(), null));
                }
            }
        }
        runs.clear();
        runs.addAll(all);
        report.write(List.copyOf(all), started, Instant.now(), interrupted);
        reportWritten = true;
        return true;
    }
}
