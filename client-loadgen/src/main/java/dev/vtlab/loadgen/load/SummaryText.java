package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.labclient.ServerThreads;

import java.util.Locale;
import java.util.List;

/** Renders a {@link RunSummary} for a terminal. */
public final class SummaryText {

    private SummaryText() {
    }

    public static String render(RunSummary s) {
        StringBuilder out = new StringBuilder();
        burst(out, s);
        outcome(out, s);
        client(out, s.client(), s.outcome().clientCpuMs());
        server(out, s.server());
        return out.toString();
    }

    /** What was fired: the run, the burst, the warm-up before it. */
    private static void burst(StringBuilder out, RunSummary s) {
        if (s.page()) {
            line(out, "run", "GET %s", s.burst().url());
        } else {
            line(out, "run", "%s %s/%s, flags %s", s.burst().mode(), s.burst().url(), s.burst().mode(),
                    s.server().serverEnvironment() == null ? "?" : s.server().serverEnvironment().flags().label());
        }
        line(out, "requests", "%d (concurrency %d, all released at once; first-to-last send spread %.1f ms)",
                s.burst().requests(), s.burst().concurrency(), s.outcome().sendSpreadMs());
        line(out, "warm-up", "%s", s.burst().warmupP99Ms().isEmpty() ? "none (a cold start)"
                : String.format(Locale.ROOT, "%d requests to %s in %d round(s)%s, p99 %s ms; excluded from "
                        + "these numbers", s.writes().warmupRequests(), s.page() ? "the page" : "/sync",
                s.burst().warmupP99Ms().size(),
                s.burst().warmupMs() == null ? "" : String.format(Locale.ROOT, " (%.1f s)",
                        s.burst().warmupMs() / 1000),
                s.burst().warmupP99Ms().stream().map(p -> String.format(Locale.ROOT, "%.0f", p)).toList()));
        if (s.burst().warmupNote() != null) {
            line(out, "", "%s", s.burst().warmupNote());
        }
        if (s.burst().quietWaitMs() != null) {
            line(out, "quiet", "waited %.0f ms for the server to hold no request before the burst",
                    s.burst().quietWaitMs());
        }
    }

    /** What came back: successes, failures by cause, times, and whether every success was saved. */
    private static void outcome(StringBuilder out, RunSummary s) {
        RunSummary.Outcome o = s.outcome();
        Latencies l = o.latency();
        line(out, "succeeded", "%d", o.succeeded());
        line(out, "failed", "%d%s", o.failed(), o.failuresByCause().isEmpty() ? "" : " " + o.failuresByCause());
        line(out, "wall time", "%.0f ms (throughput %.1f req/s)", o.wallTimeMs(), o.throughputPerSecond());
        line(out, "latency ms", "min %.1f  p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f", l.minMs(),
                l.p50Ms(), l.p90Ms(), l.p99Ms(), l.p999Ms(), l.maxMs());
        RunSummary.Writes w = s.writes();
        if (s.page()) {
            line(out, "lost writes", "not counted (a page of any service: no visit count to read)");
        } else if (w.lostWrites() == null) {
            line(out, "lost writes", "unknown (the visit count could not be read after the burst)");
        } else {
            line(out, "lost writes", "%d (visits saved %d; successes incl. %d warm-up: %d; saved after the client "
                            + "gave up: %d)", w.lostWrites(), w.visitsSaved(), w.warmupSucceeded(),
                    o.succeeded() + w.warmupSucceeded(), w.unconfirmedWrites());
        }
    }

    /** Where the client ran, what it spent, and what the kernel counted on the way. */
    private static void client(StringBuilder out, RunSummary.ClientSide c, double cpuMs) {
        line(out, "client", "%d cores, JDK %s, common-pool parallelism %d, CPU used %.0f ms",
                c.client().availableProcessors(), c.client().javaVersion(), c.client().commonPoolParallelism(), cpuMs);
        line(out, "client jvm", "%s", c.client().jvmOptionsLine());
        line(out, "kernel", "%s%s", c.kernelDelta().isEmpty() ? "nstat unavailable" : c.kernelDelta(),
                c.kernelQueueTrouble() ? "  <- the listen queue overflowed or SYNs were retransmitted" : "");
    }

    /** What the server's lab said: its environment, its JVM, and which thread ran each layer. */
    private static void server(StringBuilder out, RunSummary.ServerSide server) {
        if (server.serverEnvironment() != null) {
            ServerEnvironment e = server.serverEnvironment();
            ServerEnvironment.WebServerLimits webServer = e.webServer();
            line(out, "server", "%d cores, JDK %s, common-pool parallelism %d, delays %d+%d ms, %s %s "
                            + "max-threads %d max-connections %d accept-count %d",
                    e.availableProcessors(), e.javaVersion(), e.commonPoolParallelism(), e.repositoryCountDelayMs(),
                    e.repositorySaveDelayMs(), webServer.serverName(),
                    webServer.executor(), webServer.maxThreads(), webServer.maxConnections(), webServer.acceptCount());
        }
        if (server.serverJvm() != null) {
            ServerJvm j = server.serverJvm();
            line(out, "server jvm", "platform threads peak %d started %d, virtual threads started %d pinned %d, "
                            + "heap used %d MB, RSS %d MB",
                    j.platformThreadsPeak(), j.platformThreadsStarted(), j.virtualThreadsStarted(),
                    j.virtualThreadsPinned(), j.heapUsedMb(), j.residentSetMb());
        }
        if (server.serverThreads() != null) {
            out.append("threads by layer (server /lab/threads):\n");
            for (ServerLayer layer : ServerLayer.values()) {
                List<ServerThreads.Pool> pools = server.serverThreads().pools(layer);
                if (!pools.isEmpty()) {
                    out.append(String.format(Locale.ROOT, "  %-17s %s%n", layer.name().toLowerCase(Locale.ROOT),
                            String.join(", ", pools.stream().map(p -> String.format(Locale.ROOT, "%s %s x%d",
                                    p.kind().toLowerCase(Locale.ROOT), p.pool(), p.calls())).toList())));
                }
            }
        }
        if (server.labError() != null) {
            line(out, "lab", "%s", server.labError());
        }
    }

    /** One line of a summary: its label in a column of 12, then the text (shared with {@link RateText}). */
    static void line(StringBuilder out, String label, String format, Object... args) {
        out.append(String.format(Locale.ROOT, "%-12s " + format + "%n", prepend(label, args)));
    }

    private static Object[] prepend(String first, Object[] rest) {
        Object[] all = new Object[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
