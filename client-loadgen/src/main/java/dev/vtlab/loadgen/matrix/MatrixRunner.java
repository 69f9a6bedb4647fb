package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;

import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Runs the experiment: the client's warm-up, then each planned combination's life (a {@link CombinationRun}: its
 * server started, warmed up, measured mode by mode, stopped). Whatever happens, including Ctrl-C, every run is
 * recorded (in a {@link RunLedger}), the report is written, and no server
 * outlives the runner (its {@link ChildProcesses}, killed by {@link StopOnSignal}).
 */
public final class MatrixRunner {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final MatrixSettings settings;
    private final PrintWriter out;
    private final RunLedger.Report report;
    private final HttpClient client;
    private final ChildProcesses children = new ChildProcesses();
    private final Instant started = Instant.now();

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
        ProgressPrinter progress = new ProgressPrinter(out, started, plan.runCount(settings.repeat()));
        try (StopOnSignal signal = new StopOnSignal("matrix", children, () -> interrupted(ledger),
                settings.outputDir())) {
            warmUpClient(progress);
            for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
                if (signal.stopping()) {
                    break;
                }
                new CombinationRun(settings, server.getKey(), client, loadRun(), children, ledger, progress,
                        signal::stopping).run(server.getValue());
            }
            return new Outcome(settings.outputDir(), ledger.finish(false), signal.stopping());
        }
    }

    private void warmUpClient(ProgressPrinter progress) throws InterruptedException {
        Instant start = Instant.now();
        long succeeded;
        int size = ClientWarmUp.size(settings.burst().requests());
        try {
            succeeded = ClientWarmUp.run(settings.server(), settings.outputDir().resolve("servers"), client, children,
                    size, CONNECT_TIMEOUT, settings.burst().timeout());
        } catch (ServerProcess.ServerStartException e) {
            succeeded = 0; // the visit store did not start (its log says why): the progress line shows 0 succeeded
        }
        progress.clientWarmedUp(succeeded, ClientWarmUp.BURSTS * size,
                Duration.between(start, Instant.now()));
    }

    private LoadRun loadRun() {
        return new LoadRun(client, CONNECT_TIMEOUT, settings.burst().timeout());
    }

    /** On Ctrl-C or SIGTERM: marks what did not run and writes what was measured, unless the matrix had finished. */
    private static boolean interrupted(RunLedger ledger) {
        if (ledger.reportWritten()) {
            return false; // the matrix had finished; the hook was about to be removed
        }
        ledger.finish(true);
        return true;
    }
}
