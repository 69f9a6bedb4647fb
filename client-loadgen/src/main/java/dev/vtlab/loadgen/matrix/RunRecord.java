package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RunSummary;

import java.util.List;

/**
 * What happened to one measurement of a (combination, mode) of the plan. In results.json it reads
 * {@code {"flags":"T1 A0 W0 R1","mode":"sync","repeat":1,"status":...}}.
 *
 * @param combination the flags
 * @param mode        the mode
 * @param repeat      which of the plan's repeats of this (combination, mode), from 1
 * @param status      how it went
 * @param message     why it failed, or {@code null}
 * @param summary     the measurement, or {@code null} when nothing was measured
 */
@JsonPropertyOrder({"flags", "mode", "repeat", "status", "message", "summary"})
public record RunRecord(@JsonIgnore Combination combination, @JsonIgnore Mode mode, int repeat, Status status,
                        String message, RunSummary summary) {

    public enum Status {
        /** Every request succeeded and no write was lost. */
        OK,
        /** Measured, but requests failed or writes were lost: a finding, not an error of the tool. */
        FAILED_RUN,
        /**
         * The server did not start, died before the run, or still held earlier requests (a warm-up's the client
         * gave up on) when the run was due; nothing measured.
         */
        SERVER_FAILED,
        /**
         * Not measured because an earlier repeat of the same (combination, mode) failed: one failed repeat already
         * makes the combination failing, and no further repeat could change a verdict.
         */
        SKIPPED,
        /** The matrix was interrupted (Ctrl-C, SIGTERM) before this run. */
        NOT_RUN
    }

    /** The combination's label, e.g. {@code T1 A0 W0 R1}. */
    @JsonProperty("flags")
    public String flags() {
        return combination.label();
    }

    @JsonProperty("mode")
    String modeLabel() {
        return mode.label();
    }

    /**
     * The key a run's requests are kept under for the charts: mode, flags and repeat, e.g.
     * {@code sync T1 A0 W0 R0 #1}.
     */
    public String key() {
        return mode.label() + " " + flags() + " #" + repeat;
    }

    /** Another measurement of the same (combination, mode). */
    public boolean sameCell(RunRecord other) {
        return combination.equals(other.combination) && mode == other.mode;
    }

    public boolean measured() {
        return summary != null;
    }

    /** Measured and clean. */
    public boolean ok() {
        return status == Status.OK;
    }

    /** The writes lost over all measured runs of {@code runs} (those whose count could be read). */
    public static long lostWrites(List<RunRecord> runs) {
        return runs.stream().filter(RunRecord::measured).filter(r -> r.summary().writes().lost())
                .mapToLong(r -> r.summary().writes().lostWrites()).sum();
    }

    /** How many of {@code runs} ended as {@code status}. */
    public static long count(List<RunRecord> runs, Status status) {
        return runs.stream().filter(r -> r.status() == status).count();
    }
}
