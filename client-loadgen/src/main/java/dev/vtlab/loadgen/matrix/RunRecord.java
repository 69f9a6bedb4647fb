package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.RunSummary;

/**
 * What happened to one (combination, mode) of the plan.
 *
 * @param flags   the combination, e.g. {@code T1 A0 W0 R1}
 * @param mode    the mode, e.g. {@code sync}
 * @param status  how it went
 * @param message why it failed, or {@code null}
 * @param summary the measurement, or {@code null} when nothing was measured
 */
public record RunRecord(String flags, String mode, Status status, String message, RunSummary summary) {

    public enum Status {
        /** Every request succeeded and no write was lost. */
        OK,
        /** Measured, but requests failed or writes were lost: a finding, not an error of the tool. */
        FAILED_RUN,
        /** The server did not start or died before the run; nothing measured. */
        SERVER_FAILED,
        /** The matrix was interrupted (Ctrl-C, SIGTERM) before this run. */
        NOT_RUN
    }

    /** The key a run's requests are kept under for the charts: mode and flags, e.g. {@code sync T1 A0 W0 R0}. */
    public String key() {
        return mode + " " + flags;
    }

    public Combination combination() {
        return Combination.parse(flags);
    }

    public boolean measured() {
        return summary != null;
    }

    /** Measured and clean. */
    public boolean ok() {
        return status == Status.OK;
    }
}
