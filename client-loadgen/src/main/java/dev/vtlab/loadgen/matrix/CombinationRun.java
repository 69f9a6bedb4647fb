package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.labclient.VisitCounter;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.QuietServer;
import dev.vtlab.loadgen.load.RequestsCsv;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.WarmUp;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One combination's life: start its server (and the downstream behind it), warm it up, measure each planned mode
 * {@code repeat} times, record every run, stop it. A failed run ends its server, because the work it leaves queued
 * would slow the next mode down: the remaining repeats of that mode are recorded as skipped (the failure already
 * decides it), and the next mode gets a fresh server.
 */
final class CombinationRun {

    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** After a failed run the server still works off what the client gave up on: no point waiting for it. */
    private static final Duration DIRTY_STOP_GRACE = Duration.ZERO;

    private final MatrixSettings settings;
    private final Combination combination;
    private final HttpClient client;
    private final LoadRun loadRun;
    private final ChildProcesses children;
    private final RunLedger ledger;
    private final ProgressPrinter progress;
    private final BooleanSupplier stopping;

    /** The server being measured, or {@code null} between a failed run (or a failed start) and the next run. */
    private ServerAndDownstream server;
    private VisitCounter visits;
    /** The server's meters, read through each burst for their peaks; {@code null} when they do not answer. */
    private MeterSource meters;
    /** Visits kept before the next run: its lost writes are counted from here. */
    private long visitsBefore;
    /** The new server's warm-up, reported with the first run measured on it. */
    private WarmUp warmUp = WarmUp.NONE;

    CombinationRun(MatrixSettings settings, Combination combination, HttpClient client, LoadRun loadRun,
                   ChildProcesses children, RunLedger ledger, ProgressPrinter progress, BooleanSupplier stopping) {
        this.settings = settings;
        this.combination = combination;
        this.client = client;
        this.loadRun = loadRun;
        this.children = children;
        this.ledger = ledger;
        this.progress = progress;
        this.stopping = stopping;
    }

    /** Measures every planned mode of the combination; returns early when the runner is stopping. */
    void run(List<Mode> modes) throws InterruptedException {
        try {
            for (Mode mode : modes) {
                for (int repeat = 1; repeat <= settings.repeat(); repeat++) {
                    if (stopping.getAsBoolean()) {
                        return;
                    }
                    progress.starting(ledger.recorded(), combination, mode, repeat, settings.repeat());
                    if (server == null && !startServer(mode, repeat)) {
                        continue;
                    }
                    if (!measure(mode, repeat)) {
                        skipRemainingRepeats(mode, repeat);
                        break;
                    }
                }
            }
        } finally {
            if (server != null) {
                server.stop(STOP_GRACE);
            }
        }
    }

    /** A fresh server, counted and warmed up; when it cannot start, the run is recorded as such. */
    private boolean startServer(Mode mode, int repeat) throws InterruptedException {
        try {
            server = ServerAndDownstream.start(settings, combination, settings.outputDir().resolve("servers"),
                    client, children);
            visits = server.visits(client);
            meters = server.openMeters(client, unavailable -> { }); // such a run has no meter peaks, nothing else missing
            visitsBefore = visits.visitsSaved();
            warmUp = loadRun.warmUp(server.base(), server.lab(), settings.burst().warmup());
            return true;
        } catch (ServerProcess.ServerStartException | IOException e) {
            ledger.record(new RunRecord(combination, mode, repeat, RunRecord.Status.SERVER_FAILED,
                    e.getMessage(), null));
            if (server != null) {
                server.close();
                server = null;
            }
            return false;
        }
    }

    /**
     * One burst, recorded with its requests; returns whether the mode's next repeats are worth measuring: not after
     * a dirty run, which ends the server. A server that never drained what it held before is ended too, and its
     * run recorded as not measured; the next repeat gets a fresh server.
     */
    private boolean measure(Mode mode, int repeat) throws InterruptedException {
        int requests = settings.burst().requests();
        LoadRun.Measurement m;
        try {
            m = loadRun.measure(server.base(), server.lab(), mode, requests, requests, visits, visitsBefore, warmUp,
                    meters);
        } catch (QuietServer.NotQuietException | IOException e) {
            ledger.record(new RunRecord(combination, mode, repeat, RunRecord.Status.SERVER_FAILED,
                    e.getMessage() + (warmUp.note() == null ? "" : " (warm-up: " + warmUp.note() + ")"), null));
            progress.serverRestarted(server.stop(DIRTY_STOP_GRACE));
            server = null;
            return true;
        }
        boolean clean = m.summary().clean();
        String failure = clean ? null : describeFailure(m.summary());
        ledger.record(new RunRecord(combination, mode, repeat,
                clean ? RunRecord.Status.OK : RunRecord.Status.FAILED_RUN, failure, m.summary()), m.requests());
        RequestsCsv.write(settings.outputDir().resolve("requests").resolve(mode.label() + "-"
                + combination.compactLabel() + (settings.repeat() > 1 ? "-" + repeat : "") + ".csv"), m.requests());
        progress.measured(m, failure);
        // The next run on this server counts its visits from here; the server's warm-up is already counted.
        Long saved = m.summary().writes().visitsSaved();
        visitsBefore += saved == null ? 0 : saved;
        warmUp = WarmUp.NONE;
        if (!clean) {
            progress.serverRestarted(server.stop(DIRTY_STOP_GRACE));
            server = null;
        }
        return clean;
    }

    private void skipRemainingRepeats(Mode mode, int failedRepeat) {
        for (int repeat = failedRepeat + 1; repeat <= settings.repeat(); repeat++) {
            ledger.record(new RunRecord(combination, mode, repeat, RunRecord.Status.SKIPPED,
                    "repeat " + failedRepeat + " failed, which already makes this combination failing", null));
        }
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
}
