package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Mode;

/** Renders the report as Markdown ({@code report.md}). */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(ReportContent c) {
        StringBuilder md = new StringBuilder("# " + c.title() + "\n\n");
        c.summaryLines().forEach(line -> md.append(line).append("\n\n"));
        md.append("## Environment\n\n").append(c.environment().markdown()).append('\n');
        md.append("## Findings\n\n").append(c.thresholdSentence()).append("\n\n");
        md.append(c.flagEffects().markdown()).append('\n');
        md.append("Fastest combination per mode, against the floor (count delay + save delay):\n\n");
        md.append(c.best().markdown()).append('\n');
        if (!c.findings.notes().isEmpty()) {
            md.append("Notes:\n\n");
            c.findings.notes().forEach(note -> md.append("- ").append(note).append('\n'));
            md.append('\n');
        }
        md.append("## Pinning\n\n").append(ReportContent.PINNING_RULE).append("\n\n");
        md.append(c.pinning() == null ? ReportContent.NO_PINNING + "\n" : c.pinning().markdown()).append('\n');
        for (Mode mode : c.modes()) {
            md.append("## ").append(mode.label()).append(" (").append(mode.path()).append(", relevant flags: ")
                    .append(mode.relevantFlags()).append(")\n\n");
            md.append(c.results(mode).markdown()).append('\n');
            if (c.poolBound(mode) != null) {
                md.append("The pool's bound against what was measured. ").append(PoolBound.RULE).append("\n\n");
                md.append(c.poolBound(mode).markdown()).append('\n');
            }
            md.append("Which thread ran each layer (kind and pool, from the server's /lab/threads):\n\n");
            md.append(c.placement(mode).markdown()).append('\n');
        }
        return md.toString();
    }
}
