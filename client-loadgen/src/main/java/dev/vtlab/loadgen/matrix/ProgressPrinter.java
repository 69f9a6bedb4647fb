package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RunSummary;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/** Prints the experiment's progress: a line per run with the time left, and what each run gave. */
final class ProgressPrinter {

    private static final String INDENT = "           ";

    private final PrintWriter out;
    private final Instant started;
    private final int total;

    ProgressPrinter(PrintWriter out, Instant started, int total) {
        this.out = out;
        this.started = started;
        this.total = total;
    }

    /** Before a run: {@code [ 3/22] T0 A1 W0 R0 async (elapsed 1 min 2 s, about 5 min left)}. */
    void starting(int done, Combination combination, Mode mode) {
        Duration elapsed = Duration.between(started, Instant.now());
        String eta = done == 0 ? "estimating"
                : "about " + HumanDuration.of(elapsed.multipliedBy(total - done).dividedBy(done)) + " left";
        out.printf(Locale.ROOT, "[%2d/%d] %s %-8s (elapsed %s, %s)%n", done + 1, total, combination.label(),
                mode.label(), HumanDuration.of(elapsed), eta);
        out.flush();
    }

    /** After a run: its percentiles, and why it failed if it did. */
    void measured(LoadRun.Measurement m, String failure) {
        RunSummary.Outcome o = m.summary().outcome();
        out.printf(Locale.ROOT, INDENT + "%s: p50 %.0f ms, p99 %.0f ms, wall %.0f ms, failed %d%s%n",
                failure == null ? "ok" : "FAILED", o.latency().p50Ms(), o.latency().p99Ms(), o.wallTimeMs(),
                o.failed(), failure == null ? "" : " (" + failure + ")");
        out.flush();
    }

    void serverRestarted(String howItStopped) {
        out.printf(INDENT + "server stopped after the failed run (%s); the next mode gets a new one%n", howItStopped);
        out.flush();
    }
}
