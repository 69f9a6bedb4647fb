package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.load.RequestsCsv;
import dev.vtlab.loadgen.load.VisitCounter;
import dev.vtlab.loadgen.report.HumanDuration;
import dev.vtlab.loadgen.report.ReportWriter;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the experiment: per planned combination a fresh server, a warm-up, then each mode; a server is restarted
 * after a failed run, because the work a failed run leaves queued would slow the next mode down. Whatever
 * happens, including Ctrl-C, every run is recorded, the report is written, and no server outlives the runner.
 */
public final class MatrixRunner {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** After a failed run the server still works off what the client gave up on: no point waiting for it. */
    private static final Duration DIRTY_STOP_GRACE = Duration.ZERO;

    private final MatrixSettings settings;
    private final PrintWriter out;
    private final HttpClient client;
    private final List<RunRecord> records = new ArrayList<>();
    private final Map<String, List<RequestResult>> samples = new LinkedHashMap<>();
    private final Instant started = Instant.now();
    private boolean reportWritten;
    private volatile boolean stopping;

    public MatrixRunner(MatrixSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
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
        Thread hook = new Thread(() -> interrupted(plan), "vtlab-matrix-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            int done = 0;
            for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
                if (stopping) {
                    break;
                }
                done = runServer(server.getKey(), server.getValue(), done, plan.runCount());
            }
            return new Outcome(settings.outputDir(), finish(plan, false), stopping);
        } finally {
            ServerProcess.killAll();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook is running and writes the report itself
            }
        }
    }

    private int runServer(Combination combination, List<Mode> modes, int done, int total) throws InterruptedException {
        ServerUnderTest server = null;
        VisitCounter visits = null;
        long visitsBefore = 0;
        int warmupRequests = 0;
        long warmupSucceeded = 0;
        for (Mode mode : modes) {
            if (stopping) {
                break;
            }
            progress(done, total, combination, mode);
            if (server == null) {
                try {
                    server = ServerUnderTest.start(settings, combination, settings.outputDir().resolve("servers"),
                            client);
                    visits = server.visits(client);
                    visitsBefore = visits.visitsSaved();
                    // Warm-up goes to /sync in every combination: it warms Tomcat, Spring MVC, Jackson and the
                    // use case without queuing work that a failing mode would leave behind.
                    warmupRequests = settings.warmup();
                    warmupSucceeded = loadRun().warmUp(server.base(), Mode.SYNC, warmupRequests);
                } catch (ServerProcess.ServerStartException | IOException e) {
                    record(new RunRecord(combination.label(), mode.label(), RunRecord.Status.SERVER_FAILED,
                            e.getMessage(), null));
                    done++;
                    if (server != null) {
                        server.close();
                        server = null;
                    }
                    continue;
                }
            }
            LoadRun.Measurement m = loadRun().measure(server.base(), mode,
                    settings.requests(), settings.requests(), visits, visitsBefore, warmupRequests, warmupSucceeded);
            boolean clean = m.summary().clean();
            String message = clean ? null : describeFailure(m);
            record(new RunRecord(combination.label(), mode.label(),
                    clean ? RunRecord.Status.OK : RunRecord.Status.FAILED_RUN, message, m.summary()), m.requests());
            RequestsCsv.write(settings.outputDir().resolve("requests")
                    .resolve(mode.label() + "-" + combination.compactLabel() + ".csv"), m.requests());
            done++;
            out.printf(Locale.ROOT, "           %s: p50 %.0f ms, p99 %.0f ms, wall %.0f ms, failed %d%s%n",
                    clean ? "ok" : "FAILED", m.summary().latency().p50Ms(), m.summary().latency().p99Ms(),
                    m.summary().wallTimeMs(), m.summary().failed(), message == null ? "" : " (" + message + ")");
            out.flush();
            // The next mode on this server counts its visits from here; the server's warm-up is already counted.
            visitsBefore += m.summary().visitsSaved() == null ? 0 : m.summary().visitsSaved();
            warmupRequests = 0;
            warmupSucceeded = 0;
            if (!clean) {
                out.printf("           server stopped after the failed run (%s); the next mode gets a new one%n",
                        server.stop(DIRTY_STOP_GRACE));
                server = null;
            }
        }
        if (server != null) {
            server.stop(STOP_GRACE);
        }
        return done;
    }

    private LoadRun loadRun() {
        return new LoadRun(client, CONNECT_TIMEOUT, settings.timeout());
    }

    private static String describeFailure(LoadRun.Measurement m) {
        List<String> parts = new ArrayList<>();
        if (m.summary().failed() > 0) {
            parts.add(m.summary().failed() + " failed " + m.summary().failuresByCause());
        }
        if (m.summary().writesLost()) {
            parts.add(m.summary().lostWrites() + " lost writes");
        }
        if (m.summary().labError() != null) {
            parts.add(m.summary().labError());
        }
        return String.join("; ", parts);
    }

    private void progress(int done, int total, Combination combination, Mode mode) {
        Duration elapsed = Duration.between(started, Instant.now());
        String eta = done == 0 ? "estimating"
                : "about " + HumanDuration.of(elapsed.multipliedBy(total - done).dividedBy(done)) + " left";
        out.printf(Locale.ROOT, "[%2d/%d] %s %-8s (elapsed %s, %s)%n", done + 1, total, combination.label(),
                mode.label(), HumanDuration.of(elapsed), eta);
        out.flush();
    }

    private void record(RunRecord record) {
        record(record, null);
    }

    /** Under the lock the shutdown hook's report takes too, so that it never reads a half-added run. */
    private synchronized void record(RunRecord record, List<RequestResult> requests) {
        records.add(record);
        if (requests != null) {
            samples.put(record.key(), requests);
        }
    }

    /** Shutdown hook: Ctrl-C or SIGTERM. Kill the servers, mark what did not run, write what was measured. */
    private void interrupted(ExperimentPlan plan) {
        stopping = true; // the main thread runs on while the hooks run: it must not start another server
        ServerProcess.refuseNewAndKillAll();
        synchronized (this) {
            if (reportWritten) {
                return; // the matrix had finished; the hook was about to be removed
            }
            finish(plan, true);
        }
        System.err.println("Interrupted: the report has what was measured, in " + settings.outputDir());
    }

    /** Writes the report once (the main thread or the shutdown hook, whichever comes first); returns all runs. */
    private synchronized List<RunRecord> finish(ExperimentPlan plan, boolean interrupted) {
        if (reportWritten) {
            return List.copyOf(records);
        }
        List<RunRecord> all = new ArrayList<>(records);
        for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
            for (Mode mode : server.getValue()) {
                boolean present = all.stream().anyMatch(r -> r.flags().equals(server.getKey().label())
                        && r.mode().equals(mode.label()));
                if (!present) {
                    all.add(new RunRecord(server.getKey().label(), mode.label(), RunRecord.Status.NOT_RUN,
                            interrupted ? "interrupted before this run" : "not run", null));
                }
            }
        }
        ReportWriter.write(settings, all, samples, started, Instant.now(), interrupted);
        reportWritten = true;
        return all;
    }
}
