package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.ServerLoad;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

import static dev.vtlab.loadgen.load.SummaryText.line;

/** A rate run's summary as the console shows it: what was offered, whether the client kept up, what came back. */
public final class RateText {

    private RateText() {
    }

    public static String render(RateSummary s) {
        StringBuilder out = new StringBuilder();
        RateSummary.Run run = s.run();
        boolean page = RunSummary.PAGE.equals(run.mode());
        if (page) {
            line(out, "rate run", "GET %s", run.url());
        } else {
            line(out, "rate run", "%s %s/%s, flags %s", run.mode(), run.url(), run.mode(),
                    s.server() == null ? "?" : s.server().flags().label());
        }
        line(out, "offered", "%.1f req/s, %s arrivals, for %.0f s; the first %.0f s (%d requests) a warm-up left "
                        + "out; %d measured", run.offeredRate(), run.arrivals(), run.durationS(), run.warmupS(),
                run.warmupRequests(), run.requests());
        if (!page) {
            line(out, "quiet", "waited %.0f ms for the server to hold no request before the run", run.quietWaitMs());
        }
        RateSummary.ScheduleKept k = s.schedule();
        line(out, "schedule", "sent %.1f req/s; lag from due time p99 %.1f ms, max %.1f ms; %d late (over %d ms); "
                        + "at most %d in flight", k.achievedSendRate(), k.lagP99Ms(), k.lagMaxMs(), k.lateRequests(),
                RateRun.LATE.toMillis(), k.inFlightPeak());
        RateSummary.Outcome o = s.outcome();
        line(out, "succeeded", "%d", o.succeeded());
        line(out, "failed", "%d%s", o.failed(), o.failuresByCause().isEmpty() ? "" : " " + o.failuresByCause());
        line(out, "completed", "%.1f req/s (successes answered between the warm-up's end and the schedule's end)",
                o.completionRate());
        spectrum(out, "from due ms", o.latency());
        spectrum(out, "from send ms", o.latencyFromSend());
        RateSummary.Writes w = s.writes();
        if (!page) {
            line(out, "lost writes", "%s", w.lostWrites() == null ? "unknown (the visit count could not be read)"
                    : w.lostWrites() + " (visits saved " + w.visitsSaved() + ", warm-up included)");
            line(out, "drained", "%s", w.drainMs() == null ? "unknown" : String.format(Locale.ROOT,
                    "%.1f s after the schedule's end the server held no request", w.drainMs() / 1000));
        }
        if (!s.minutes().isEmpty()) {
            RateSummary.Minute first = s.minutes().getFirst();
            RateSummary.Minute last = s.minutes().getLast();
            line(out, "minutes", "%d; p99 of the first %.1f ms, of the last %.1f ms", s.minutes().size(),
                    first.p99Ms(), last.p99Ms());
        }
        ServerLoad end = s.seconds().stream().map(RateSummary.Second::server).filter(Objects::nonNull)
                .reduce((a, b) -> b).orElse(null);
        s.seconds().stream().map(RateSummary.Second::labReadMs).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).max().ifPresent(slowest -> line(out, "lab", "answered each "
                        + "second, the slowest in %.0f ms", slowest));
        long meterReads = s.seconds().stream().filter(second -> second.meterReadMs() != null).count();
        if (meterReads > 0) {
            long missed = s.seconds().stream().filter(second -> second.meterError() != null).count();
            line(out, "meters", "read %d times, the slowest in %.0f ms%s", meterReads, s.seconds().stream()
                    .map(RateSummary.Second::meterReadMs).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                    .max().orElse(0), missed == 0 ? "" : ", " + missed + " unanswered: " + s.seconds().stream()
                    .map(RateSummary.Second::meterError).filter(Objects::nonNull).findFirst().orElse(""));
            MeterSampler.peaksOf(s.seconds().stream().map(RateSummary.Second::meters).filter(Objects::nonNull)
                    .toList()).forEach((line, peak) -> line(out, "  peak", "%s %s", line, count(peak)));
        }
        if (end != null) {
            line(out, "server last", "%s", serverLast(end));
        }
        return out.toString();
    }

    /** e.g. {@code 100 in flight, 102 connections open, heap used 53 MB, 223 platform threads}: what was read. */
    private static String serverLast(ServerLoad end) {
        List<String> parts = new java.util.ArrayList<>();
        if (end.inFlight() != null) {
            parts.add(end.inFlight() + " in flight");
        }
        if (end.openConnections() != null) {
            parts.add(end.openConnections() + " connections open");
        }
        if (end.heapUsedBytes() != null) {
            parts.add("heap used " + (end.heapUsedBytes() >> 20) + " MB");
        }
        if (end.platformThreads() != null) {
            parts.add(end.platformThreads() + " platform threads");
        }
        if (end.poolActive() != null) {
            parts.add("pool " + end.poolActive() + " lent, " + end.poolWaiting() + " waiting");
        }
        return String.join(", ", parts);
    }

    /** Counts as counts, anything else with what precision it has. */
    private static String count(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.3f", value);
    }

    private static void spectrum(StringBuilder out, String label, Spectrum l) {
        line(out, label, "p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  p99.99 %.1f  max %.1f", l.p50Ms(), l.p90Ms(),
                l.p99Ms(), l.p999Ms(), l.p9999Ms(), l.maxMs());
    }
}
