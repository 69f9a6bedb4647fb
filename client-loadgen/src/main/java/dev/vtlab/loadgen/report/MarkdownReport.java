package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Mode;

/**
 * Renders the report as Markdown ({@code report.md}): the answer first (what ran in one line, the findings, the
 * p99 chart), then each mode's results, the pins, and last how it was measured.
 */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(ReportContent c) {
        StringBuilder md = new StringBuilder("# " + c.title() + "\n\n");
        md.append(c.whatRan()).append("\n\n");
        md.append("## Findings\n\n");
        md.append(c.flagEffects().markdown()).append('\n');
        md.append("Fastest combination per mode, against the floor (count delay + save delay; for fanout its "
                + "slowest read, or its three reads added up when they run in turn):\n\n");
        md.append(c.best().markdown()).append('\n');
        if (!c.findings.notes().isEmpty()) {
            md.append("Notes:\n\n");
            c.findings.notes().forEach(note -> md.append("- ").append(note).append('\n'));
            md.append('\n');
        }
        md.append("![p99 of every combination against the floor](").append(ReportWriter.P99_CHART).append(")\n\n");
        md.append(c.thresholdSentence()).append("\n\n");
        for (Mode mode : c.modes()) {
            md.append("## ").append(mode.label()).append(" (").append(mode.path()).append(", relevant flags: ")
                    .append(mode.relevantFlags()).append(")\n\n");
            md.append(c.results(mode).markdown()).append('\n');
            if (c.poolBound(mode) != null) {
                md.append("The pool's bound against what was measured. ").append(PoolBound.RULE).append("\n\n");
                md.append(c.poolBound(mode).markdown()).append('\n');
            }
            if (c.fanOut(mode) != null) {
                md.append(c.fanOutRule()).append("\n\n").append(c.fanOut(mode).markdown()).append('\n');
            }
            if (c.meters(mode) != null) {
                md.append(ReportContent.METERS_RULE).append("\n\n").append(c.meters(mode).markdown()).append('\n');
            }
            md.append("Which thread ran each layer (kind and pool, from the server's /lab/threads):\n\n");
            md.append(c.placement(mode).markdown()).append('\n');
        }
        md.append("## Pinning\n\n");
        if (c.pinning() == null) {
            md.append(ReportContent.NO_PINNING).append("\n\n");
        } else {
            md.append(c.pinningInTheWait() == null ? ReportContent.NO_PINNING_IN_THE_WAIT + "\n\n"
                    : c.pinningInTheWait().markdown() + '\n');
            c.pinningElsewhere().forEach(line -> md.append("- ").append(line).append('\n'));
            md.append("\n<details><summary>Every site</summary>\n\n").append(ReportContent.PINNING_RULE)
                    .append("\n\n").append(c.pinning().markdown()).append("\n</details>\n\n");
        }
        md.append("## Method and environment\n\n");
        c.summaryLines().forEach(line -> md.append(line).append("\n\n"));
        md.append(c.environment().markdown());
        return md.toString();
    }
}
