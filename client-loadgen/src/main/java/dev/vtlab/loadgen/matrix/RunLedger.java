package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RequestResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results of one experiment as they come in: each run's record and its requests (for the charts). Both the
 * runner's thread and its shutdown hook use it, so every method takes the same lock: the hook never reads a
 * half-added run, and the report is written exactly once, by whichever finishes first.
 */
public final class RunLedger {

    /** Writes the report of an experiment; the load generator's {@code report} package provides it. */
    @FunctionalInterface
    public interface Report {
        void write(List<RunRecord> runs, Map<String, List<RequestResult>> samples, Instant started, Instant finished,
                   boolean interrupted);
    }

    private final ExperimentPlan plan;
    private final int repeats;
    private final Report report;
    private final Instant started;
    private final List<RunRecord> records = new ArrayList<>();
    private final Map<String, List<RequestResult>> samples = new LinkedHashMap<>();
    private boolean reportWritten;

    RunLedger(ExperimentPlan plan, int repeats, Report report, Instant started) {
        this.plan = plan;
        this.repeats = repeats;
        this.report = report;
        this.started = started;
    }

    synchronized void record(RunRecord record) {
        record(record, null);
    }

    /** A run and its requests ({@code null} when nothing was measured). */
    synchronized void record(RunRecord record, List<RequestResult> requests) {
        records.add(record);
        if (requests != null) {
            samples.put(record.key(), requests);
        }
    }

    /** How many runs are recorded so far, measured or not. */
    synchronized int recorded() {
        return records.size();
    }

    synchronized boolean reportWritten() {
        return reportWritten;
    }

    /**
     * Writes the report once, every planned run (each repeat) in it (those not measured as {@code NOT_RUN}); later calls write
     * nothing. Returns every run.
     */
    synchronized List<RunRecord> finish(boolean interrupted) {
        if (reportWritten) {
            return List.copyOf(records);
        }
        List<RunRecord> all = new ArrayList<>(records);
        for (Map.Entry<Combination, List<Mode>> server : plan.servers().entrySet()) {
            for (Mode mode : server.getValue()) {
                for (int repeat = 1; repeat <= repeats; repeat++) {
                    int n = repeat;
                    boolean present = all.stream().anyMatch(r -> r.combination().equals(server.getKey())
                            && r.mode() == mode && r.repeat() == n);
                    if (!present) {
                        all.add(new RunRecord(server.getKey(), mode, repeat, RunRecord.Status.NOT_RUN,
                                interrupted ? "interrupted before this run" : "not run", null));
                    }
                }
            }
        }
        report.write(all, samples, started, Instant.now(), interrupted);
        reportWritten = true;
        return all;
    }
}
