package dev.vtlab.loadgen.compare;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The comparison as Markdown: the held request's cost, every burst, and vtlab's p99 over the reference's. */
public final class ComparisonReport {

    private ComparisonReport() {
    }

    public static String markdown(Comparison c) {
        StringBuilder md = new StringBuilder();
        md.append("# vtlab against the reactive reference\n\n");
        md.append(String.format(Locale.ROOT, "Started %s: %d cores, %s, JDK %s (%s) for the client and every server; "
                        + "server JVM options `%s`; each request waits %d ms + %d ms.%s%n%n```%n%s%n```%n%n",
                c.started(), c.environment().availableProcessors(), c.environment().os(),
                c.environment().javaVersion(), c.environment().javaVendor(), String.join(" ", c.serverJvm()),
                c.delayMs(), c.delayMs(),
                c.stoppedBy() == null ? "" : " **Stopped early: " + c.stoppedBy().lines().findFirst().orElse("")
                        + "** (comparison.json has the whole reason; what was measured is below).",
                c.command()));
        md.append("## Live heap per held request\n\n");
        md.append("A class histogram at rest, a second one while a burst is held, the growth divided by the requests "
                + "held through the second (every server over HTTP, `POST /lab/jvm/histogram`, which collects "
                + "first).\n\n");
        md.append("| server | burst | held | live heap at rest MB | while held MB | per held request KB | "
                + "largest growth per request (KB) |\n| --- | --- | --- | --- | --- | --- | --- |\n");
        for (HeldRequestProbe.HeldRequest h : c.heldRequests()) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f | %.1f | %.1f | %s |%n", h.server(),
                    h.requests(), h.held(), mb(h.atRestBytes()), mb(h.whileHeldBytes()), h.perRequestBytes() / 1024,
                    h.largest().stream().map(s -> String.format(Locale.ROOT, "`%s` %.1f", s.className(),
                            s.bytes() / 1024)).collect(Collectors.joining(", "))));
        }
        md.append("\n## Bursts\n\nEvery request of a burst released at once, each on its own connection; latency of "
                + "the successful ones. CPU: the server process's CPU time during the burst per request; collector: "
                + "the share of it its garbage collector's threads ran (G1's and Parallel's, from /proc); RSS: its "
                + "largest resident set seen (every 100 ms); SYN retransmits: connections that waited because the server's "
                + "accept queue was full.\n\n");
        md.append("| burst | round | server | succeeded | failed | p50 ms | p99 ms | max ms | wall ms | "
                + "CPU ms per request | collector's CPU share | RSS peak MB | SYN retransmits |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (BurstSample.Figures b : c.bursts()) {
            md.append(String.format(Locale.ROOT, "| %d | %d | %s | %d | %s | %.0f | %.0f | %.0f | %d | %s | %s | %s | %s |%n",
                    b.requests(), b.round(), b.server(), b.succeeded(), failed(b), b.p50Ms(), b.p99Ms(), b.maxMs(),
                    b.wallMs(), b.cpuMsPerRequest() < 0 ? "-" : String.format(Locale.ROOT, "%.2f", b.cpuMsPerRequest()),
                    b.collectorCpuShare() < 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * b.collectorCpuShare()),
                    b.rssPeakBytes() < 0 ? "-" : String.format(Locale.ROOT, "%.0f", mb(b.rssPeakBytes())),
                    b.kernel().containsKey("TcpExtTCPSynRetrans") ? b.kernel().get("TcpExtTCPSynRetrans") : "-"));
        }
        md.append("\n## vtlab's p99 over the reference's\n\n| burst | server | per round |\n| --- | --- | --- |\n");
        c.bursts().stream().map(BurstSample.Figures::requests).distinct().forEach(requests -> {
            for (String vtlab : c.vtlabServers()) {
                List<Double> ratios = c.p99Ratios(vtlab, requests);
                md.append(String.format(Locale.ROOT, "| %d | %s | %s |%n", requests, vtlab, ratios.isEmpty() ? "-"
                        : ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r))
                                .collect(Collectors.joining(", "))));
            }
        });
        return md.toString();
    }

    private static String failed(BurstSample.Figures b) {
        if (b.failed() == 0) {
            return "0";
        }
        return b.failed() + " (" + b.failureCauses().entrySet().stream()
                .map((Map.Entry<String, Long> e) -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", ")) + ")";
    }

    private static double mb(long bytes) {
        return bytes / 1048576.0;
    }
}
