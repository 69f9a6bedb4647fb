package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RequestsCsv;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.WarmUp;
import dev.vtlab.loadgen.lab.VisitCounter;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the experiment: per planned combination a fresh server, a warm-up, then each mode; a server is restarted
 * after a failed run, because the work a failed run leaves queued would slow the next mode down. Whatever
 * happens, including Ctrl-C, every run is recorded (in a {@link RunLedger}), the report is written, and no server
 * outlives the runner (its {@link ChildProcesses}).
 */
public final class MatrixRunner {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** After a failed run the server still works off what the client gave up on: no point waiting for it. */
    private static final Duration DIRTY_STOP_GRACE = Duration.ZERO;

    private final MatrixSettings settings;
    private final PrintWriter out;
    private final RunLedger.Report report;
    private final HttpClient client;
    private final ChildProcesses children = new ChildProcesses();
    private final Instant started = Instant.now();
    private volatile boolean stopping;

    /**
     * @param report writes the report from the runs (the {@code report} package's writer; the runner does not
     *               know how a report looks)
     */
    public MatrixRunner(MatrixSettings settings, PrintWriter out, RunLedger.Report report) {
        this.settings = settings;
        this.out = out;
        this.report = report;
        this.client = HttpClients.create(CONNECT_TIMEOUT);
    }

    /**
     * What an experiment produced.
     *
     * @param reportDir   where the report was written
     * @param runs        every planned run, measured or not
     * @param interrupted whether Ctrl-C or SIGTERM stopped it
     */
    public record Outcome(Path reportDir, List<RunRecord> runs, boolean interrupted) {
    }

    /** Runs the whole plan and writes the report. */
    public Outcome run(ExperimentPlan plan) throws InterruptedException {
        RunLedger ledger = new RunLedger(plan, settings.repeat(), report, started);
        ProgressPrinter progress = new ProgressPrinter(out, started, settings.runCount(plan));
        Thread hook = new Thread(() -> interrupted(ledger), "vtlab-matrix-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            warmUpClient(progress);
            int done = 0;
            for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
                if (stopping) {
                    break;
                }
                done = runServer(server.getKey(), server.getValue(), done, ledger, progress);
            }
            return new Outcome(settings.outputDir(), ledger.finish(false), stopping);
        } finally {
            children.killAll();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook is running and writes the report itself
            }
        }
    }

    private void warmUpClient(ProgressPrinter progress) throws InterruptedException {
        Instant start = Instant.now();
        long succeeded;
        try {
            succeeded = ClientWarmUp.run(CONNECT_TIMEOUT, settings.timeout());
        } catch (IOException e) {
            succeeded = 0; // the in-process store did not start: the progress line shows 0 succeeded
        }
        progress.clientWarmedUp(succeeded, ClientWarmUp.BURSTS * ClientWarmUp.REQUESTS,
                Duration.between(start, Instant.now()));
    }

    /** Every planned mode of one combination, each {@code repeat} times, on as few fresh servers as it takes. */
    private int runServer(Combination combination, List<Mode> modes, int done, RunLedger ledger,
                          ProgressPrinter progress) throws InterruptedException {
        ServerAndDownstream server = null;
        VisitCounter visits = null;
        long visitsBefore = 0;
        WarmUp warmUp = WarmUp.NONE;
        for (Mode mode : modes) {
            for (int repeat = 1; repeat <= settings.repeat(); repeat++) {
                if (stopping) {
                    return done;
                }
                progress.starting(done, combination, mode, repeat, settings.repeat());
                if (server == null) {
                    try {
                        server = ServerAndDownstream.start(settings, combination,
                                settings.outputDir().resolve("servers"), client, children);
                        visits = server.visits(client);
                        visitsBefore = visits.visitsSaved();
                        warmUp = loadRun().warmUp(server.base(), settings.warmup());
                    } catch (ServerProcess.ServerStartException | IOException e) {
                        ledger.record(new RunRecord(combination, mode, repeat, RunRecord.Status.SERVER_FAILED,
                                e.getMessage(), null));
                        done++;
                        if (server != null) {
                            server.close();
                            server = null;
                        }
                        continue;
                    }
                }
                LoadRun.Measurement m = loadRun().measure(server.base(), server.lab(), mode, settings.requests(),
                        settings.requests(), visits, visitsBefore, warmUp);
                boolean clean = m.summary().clean();
                String failure = clean ? null : describeFailure(m.summary());
                RunRecord record = new RunRecord(combination, mode, repeat,
                        clean ? RunRecord.Status.OK : RunRecord.Status.FAILED_RUN, failure, m.summary());
                ledger.record(record, m.requests());
                RequestsCsv.write(settings.outputDir().resolve("requests").resolve(mode.label() + "-"
                        + combination.compactLabel() + (settings.repeat() > 1 ? "-" + repeat : "") + ".csv"),
                        m.requests());
                done++;
                progress.measured(m, failure);
                // The next run on this server counts its visits from here; the server's warm-up is already counted.
                Long saved = m.summary().writes().visitsSaved();
                visitsBefore += saved == null ? 0 : saved;
                warmUp = WarmUp.NONE;
                if (!clean) {
                    progress.serverRestarted(server.stop(DIRTY_STOP_GRACE));
                    server = null;
                    done += skipRemainingRepeats(combination, mode, repeat, ledger);
                    break;
                }
            }
        }
        if (server != null) {
            server.stop(STOP_GRACE);
        }
        return done;
    }

    /** After a failed repeat, the remaining repeats of that (combination, mode) are recorded as skipped. */
    private int skipRemainingRepeats(Combination combination, Mode mode, int failedRepeat, RunLedger ledger) {
        for (int repeat = failedRepeat + 1; repeat <= settings.repeat(); repeat++) {
            ledger.record(new RunRecord(combination, mode, repeat, RunRecord.Status.SKIPPED,
                    "repeat " + failedRepeat + " failed, which already makes this combination failing", null));
        }
        return settings.repeat() - failedRepeat;
    }

    private LoadRun loadRun() {
        return new LoadRun(client, CONNECT_TIMEOUT, settings.timeout());
    }

    private static String describeFailure(RunSummary s) {
        List<String> parts = new ArrayList<>();
        if (s.outcome().failed() > 0) {
            parts.add(s.outcome().failed() + " failed " + s.outcome().failuresByCause());
        }
        if (s.writes().lost()) {
            parts.add(s.writes().lostWrites() + " lost writes");
        }
        if (s.server().labError() != null) {
            parts.add(s.server().labError());
        }
        return String.join("; ", parts);
    }

    /** Shutdown hook: Ctrl-C or SIGTERM. Kill the servers, mark what did not run, write what was measured. */
    private void interrupted(RunLedger ledger) {
        stopping = true; // the main thread runs on while the hooks run: it must not start another server
        children.refuseNewAndKillAll();
        if (ledger.reportWritten()) {
            return; // the matrix had finished; the hook was about to be removed
        }
        ledger.finish(true);
        System.err.println("Interrupted: the report has what was measured, in " + settings.outputDir());
    }
}
