package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Renders the report as one self-contained HTML file ({@code report.html}): same tables, plus charts. */
final class HtmlReport {

    private HtmlReport() {
    }

    /**
     * The answer first (what ran in one line, the findings, the p99 chart {@code p99Chart}), then each mode's
     * results and charts, the pins, and last how it was measured, folded.
     */
    static String render(ReportContent c, Map<String, List<RequestResult>> samples, String p99Chart) {
        StringBuilder html = Html.page(c.title());
        html.append("<p>").append(Html.escape(c.whatRan())).append("</p>");
        html.append("<h2>Findings</h2>");
        html.append(c.flagEffects().html()).append(c.best().html());
        if (!c.findings.notes().isEmpty()) {
            html.append(Html.list(c.findings.notes()));
        }
        html.append(p99Chart);
        html.append("<p>").append(Html.escape(c.thresholdSentence().replace("*", ""))).append("</p>");
        for (Mode mode : c.modes()) {
            List<RunRecord> runs = c.representatives(mode);
            html.append("<h2>").append(mode.label()).append(" <code>").append(mode.path())
                    .append("</code>, relevant flags ").append(mode.relevantFlags()).append("</h2>");
            html.append(c.results(mode).html());
            if (c.poolBound(mode) != null) {
                html.append("<h3>The pool's bound against what was measured</h3><p>").append(Html.escape(PoolBound.RULE))
                        .append("</p>").append(c.poolBound(mode).html());
            }
            if (c.fanOut(mode) != null) {
                html.append("<h3>What the fan-out left behind its answers</h3><p>").append(Html.escape(c.fanOutRule()))
                        .append("</p>").append(c.fanOut(mode).html());
            }
            if (c.meters(mode) != null) {
                html.append("<h3>The server's meters at their peak</h3><p>")
                        .append(Html.escape(ReportContent.METERS_RULE)).append("</p>").append(c.meters(mode).html());
            }
            html.append("<h3>Latency percentiles per combination</h3>").append(Charts.percentiles(runs));
            html.append("<h3>Response time against request start: baseline and fastest (failed requests in black)</h3>")
                    .append(Charts.responseTimes(baselineAndBest(runs, samples)));
            html.append("<h3>Which thread ran each layer</h3>")
                    .append(ThreadMap.svg(mode.path(), runs.stream().map(HtmlReport::threadMapRow).toList()))
                    .append(c.placement(mode).html());
        }
        html.append("<h2>Pinning</h2>");
        if (c.pinning() == null) {
            html.append("<p>").append(ReportContent.NO_PINNING).append("</p>");
        } else {
            html.append(c.pinningInTheWait() == null ? "<p>" + ReportContent.NO_PINNING_IN_THE_WAIT + "</p>"
                    : c.pinningInTheWait().html());
            html.append(Html.list(c.pinningElsewhere()));
            html.append("<details><summary>Every site</summary><p>")
                    .append(Html.escape(ReportContent.PINNING_RULE)).append("</p>").append(c.pinning().html())
                    .append("</details>");
        }
        html.append("<h2>Method and environment</h2><details><summary>How it was measured, and where</summary>");
        c.summaryLines().forEach(line -> html.append("<p>").append(Html.escape(line)).append("</p>"));
        html.append(c.environment().html()).append("</details>");
        return html.append("</body></html>\n").toString();
    }

    private static ThreadMap.Row threadMapRow(RunRecord run) {
        return new ThreadMap.Row(run.flags(), run.measured() ? run.summary().server().serverThreads() : null);
    }

    /** The all-off run and the clean run with the lowest p99, with their requests. */
    private static Map<String, List<RequestResult>> baselineAndBest(List<RunRecord> runs,
                                                                    Map<String, List<RequestResult>> samples) {
        Map<String, List<RequestResult>> series = new LinkedHashMap<>();
        Optional<RunRecord> baseline = runs.stream().filter(RunRecord::measured)
                .filter(r -> r.flags().equals("T0 A0 W0 R0")).findFirst();
        Optional<RunRecord> best = runs.stream().filter(RunRecord::ok)
                .min(Comparator.comparingDouble(r -> r.summary().outcome().latency().p99Ms()));
        baseline.ifPresent(r -> put(series, "baseline " + r.flags(), samples.get(r.key())));
        best.filter(r -> baseline.isEmpty() || r != baseline.get())
                .ifPresent(r -> put(series, "fastest " + r.flags(), samples.get(r.key())));
        return series;
    }

    private static void put(Map<String, List<RequestResult>> series, String name, List<RequestResult> requests) {
        if (requests != null) {
            series.put(name, requests);
        }
    }
}
