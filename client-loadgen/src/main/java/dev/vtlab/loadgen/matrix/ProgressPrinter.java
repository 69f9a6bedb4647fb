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

    /**
     * Before a run: {@code [ 3/22] T0 A1 W0 R0 async (elapsed 1 min 2 s, about 5 min left)}, with
     * {@code repeat 2/3} after the mode when each run is repeated.
     */
    void starting(int done, Combination combination, Mode mode, int repeat, int repeats) {
        Duration elapsed = Duration.between(started, Instant.now());
        String eta = done == 0 ? "estimating"
                : "about " + HumanDuration.of(elapsed.multipliedBy(total - done).dividedBy(done)) + " left";
        out.printf(Locale.ROOT, "[%2d/%d] %s %-8s%s (elapsed %s, %s)%n", done + 1, total, combination.label(),
                mode.label(), repeats > 1 ? " repeat " + repeat + "/" + repeats : "", HumanDuration.of(elapsed), eta);
        out.flush();
    }

    /** Once, before the first run: the client's own warm-up (against an endpoint in its own JVM). */
    void clientWarmedUp(long succeeded, int requests, Duration took) {
        out.printf(Locale.ROOT, "client warm-up: %d of %d requests to a visit store with no delays succeeded, in %s "
                + "(excluded from every result)%n", succeeded, requests, HumanDuration.of(took));
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
        out.printf(INDENT + "server stopped after the failed run (%s); the next run gets a new one%n", howItStopped);
        out.flush();
    }
}
