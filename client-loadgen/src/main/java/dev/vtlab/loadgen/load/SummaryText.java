package dev.vtlab.loadgen.load;

import tools.jackson.databind.JsonNode;

import java.util.Locale;
import java.util.Map;

/** Renders a {@link RunSummary} for a terminal. */
public final class SummaryText {

    private SummaryText() {
    }

    public static String render(RunSummary s) {
        StringBuilder out = new StringBuilder();
        Latencies l = s.latency();
        line(out, "run", "%s %s/%s, flags %s", s.mode(), s.url(), s.mode(), s.flags());
        line(out, "requests", "%d (concurrency %d, all released at once; first-to-last send spread %.1f ms)",
                s.requests(), s.concurrency(), s.sendSpreadMs());
        line(out, "succeeded", "%d", s.succeeded());
        line(out, "failed", "%d%s", s.failed(), s.failuresByCause().isEmpty() ? "" : " " + s.failuresByCause());
        line(out, "wall time", "%.0f ms (throughput %.1f req/s)", s.wallTimeMs(), s.throughputPerSecond());
        line(out, "latency ms", "min %.1f  p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f", l.minMs(), l.p50Ms(),
                l.p90Ms(), l.p99Ms(), l.p999Ms(), l.maxMs());
        if (s.lostWrites() == null) {
            line(out, "lost writes", "unknown (the visit count could not be read after the burst)");
        } else {
            line(out, "lost writes", "%d (visits saved %d; successes incl. %d warm-up: %d; saved after the client "
                            + "gave up: %d)", s.lostWrites(), s.visitsSaved(), s.warmupSucceeded(),
                    s.succeeded() + s.warmupSucceeded(), s.unconfirmedWrites());
        }
        line(out, "client", "%d cores, JDK %s, common-pool parallelism %d, CPU used %.0f ms",
                s.client().availableProcessors(), s.client().javaVersion(), s.client().commonPoolParallelism(),
                s.clientCpuMs());
        line(out, "kernel", "%s%s", s.kernelDelta().isEmpty() ? "nstat unavailable" : s.kernelDelta(),
                s.kernelQueueTrouble() ? "  <- the listen queue overflowed or SYNs were retransmitted" : "");
        if (s.serverEnvironment() != null) {
            JsonNode e = s.serverEnvironment();
            JsonNode tomcat = e.path("tomcat");
            line(out, "server", "%d cores, JDK %s, common-pool parallelism %d, delays %d+%d ms, Tomcat %s "
                            + "max-threads %d max-connections %d accept-count %d",
                    e.path("availableProcessors").asInt(), e.path("javaVersion").asString(),
                    e.path("commonPoolParallelism").asInt(), e.path("repositoryCountDelayMs").asLong(),
                    e.path("repositorySaveDelayMs").asLong(), tomcat.path("executor").asString(),
                    tomcat.path("maxThreads").asInt(), tomcat.path("maxConnections").asInt(),
                    tomcat.path("acceptCount").asInt());
        }
        if (s.serverJvm() != null) {
            JsonNode j = s.serverJvm();
            line(out, "server jvm", "platform threads peak %d started %d, virtual threads started %d pinned %d, "
                            + "heap used %d MB, RSS %d MB",
                    j.path("platformThreadsPeak").asInt(), j.path("platformThreadsStarted").asLong(),
                    j.path("virtualThreadsStarted").asLong(), j.path("virtualThreadsPinned").asLong(),
                    j.path("heapUsedBytes").asLong() >> 20, j.path("residentSetBytes").asLong() >> 20);
        }
        if (s.serverThreads() != null) {
            out.append("threads by layer (server /lab/threads):\n");
            for (Map.Entry<String, JsonNode> layer : s.serverThreads().properties()) {
                JsonNode pools = layer.getValue().path("pools");
                if (pools.isEmpty()) {
                    continue;
                }
                StringBuilder where = new StringBuilder();
                pools.forEach(p -> where.append(String.format(Locale.ROOT, "%s%s %s x%d",
                        where.isEmpty() ? "" : ", ", p.path("kind").asString().toLowerCase(Locale.ROOT),
                        p.path("pool").asString(), p.path("calls").asLong())));
                out.append(String.format(Locale.ROOT, "  %-17s %s%n", layer.getKey().toLowerCase(Locale.ROOT), where));
            }
        }
        if (s.labError() != null) {
            line(out, "lab", "%s", s.labError());
        }
        return out.toString();
    }


    private static void line(StringBuilder out, String label, String format, Object... args) {
        out.append(String.format(Locale.ROOT, "%-12s " + format + "%n", prepend(label, args)));
    }

    private static Object[] prepend(String first, Object[] rest) {
        Object[] all = new Object[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
