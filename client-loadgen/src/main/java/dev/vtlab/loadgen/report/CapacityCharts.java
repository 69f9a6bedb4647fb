package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacityStep;
import dev.vtlab.loadgen.load.RateSummary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The capacity search's pictures, as SVG drawn here: per mode, latency against the rate completed, one line per
 * combination, with the floor, the hold limit and each predicted ceiling marked (the knee chart); per run, its
 * steps second by second (offered and completed rate, p99, in flight, the server's heap).
 */
public final class CapacityCharts {

    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final String[] COLORS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"};

    private CapacityCharts() {
    }

    /**
     * The knee chart of one mode's runs: x the rate completed, y the latency from the due time (p99 solid, p50
     * dashed), both on log scales, since one mode's ceilings lie orders of magnitude apart.
     */
    public static String knee(String mode, List<CapacityRun> runs, long floorMs) {
        List<CapacityRun> drawn = runs.stream().filter(r -> !r.steps().isEmpty()).toList();
        if (drawn.isEmpty()) {
            return "";
        }
        double minX = Double.MAX_VALUE;
        double maxX = 0;
        double maxY = 1.5 * floorMs;
        for (CapacityRun run : drawn) {
            for (CapacityStep s : run.steps()) {
                minX = Math.min(minX, Math.max(0.1, Math.min(s.completionRate(), s.offeredRate())));
                maxX = Math.max(maxX, Math.max(s.completionRate(), s.offeredRate()));
                maxY = Math.max(maxY, s.p99Ms());
            }
            if (run.predicted() != null) {
                minX = Math.min(minX, run.predicted().rate());
                maxX = Math.max(maxX, run.predicted().rate());
            }
        }
        int height = 380;
        int top = 30;
        int bottom = height - 60;
        Scale x = Scale.log(minX / 1.5, maxX * 1.5, LEFT, Charts.WIDTH - RIGHT);
        Scale y = Scale.log(floorMs * 0.8, maxY * 1.3, bottom, top);
        StringBuilder svg = Charts.open(height);
        svg.append(Charts.text(LEFT, 16, "/" + mode + ": latency from due time against the rate completed "
                + "(log scales); dashed vertical: Little's law's ceiling", "#000"));
        axes(svg, x, y, top, bottom, "completed req/s", "ms");
        horizontal(svg, x, y.at(floorMs), "floor " + floorMs + " ms", "#999");
        horizontal(svg, x, y.at(1.5 * floorMs), "hold limit " + Math.round(1.5 * floorMs) + " ms", "#c00");
        for (int i = 0; i < drawn.size(); i++) {
            CapacityRun run = drawn.get(i);
            String color = COLORS[i % COLORS.length];
            List<CapacityStep> steps = new ArrayList<>(run.steps());
            steps.sort(Comparator.comparingDouble(CapacityStep::offeredRate));
            svg.append(line(steps, x, y, CapacityStep::p99Ms, color, ""));
            svg.append(line(steps, x, y, CapacityStep::p50Ms, color, " stroke-dasharray=\"2 3\""));
            for (CapacityStep s : steps) {
                // Each point says what it shows, so that a test can hold the drawing against the data.
                svg.append(String.format(Locale.ROOT, "<circle data-run=\"%s %s\" data-offered=\"%s\" "
                                + "data-p99-ms=\"%.0f\" data-held=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>",
                        run.mode(), run.flags(), CapacityRun.rate(s.offeredRate()), s.p99Ms(), s.held(),
                        x.at(Math.max(s.completionRate(), 0.1)), y.at(Math.max(s.p99Ms(), floorMs * 0.8)),
                        s.held() ? color : "#fff\" stroke=\"" + color));
            }
            if (run.predicted() != null) {
                double px = x.at(run.predicted().rate());
                svg.append(String.format(Locale.ROOT, "<line data-predicted=\"%s %s\" data-rate=\"%s\" x1=\"%.1f\" "
                                + "y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-dasharray=\"6 4\"/>",
                        run.mode(), run.flags(), CapacityRun.rate(run.predicted().rate()), px, top, px, bottom, color));
            }
            String label = run.flags() + ": " + CapacityRun.rate(run.sustainedRate()) + " req/s held"
                    + (run.predicted() == null ? "" : ", predicted " + CapacityRun.rate(run.predicted().rate()) + " ("
                    + run.predicted().resource().label() + ")");
            svg.append(Charts.swatch(LEFT + (i % 2) * 420, height - 34 + (i / 2) * 14, color, label));
        }
        return svg.append("</svg>\n").toString();
    }

    /**
     * One run's steps, second by second, one after the other: offered and completed req/s, p99 of what completed,
     * requests in flight, and the server's heap, each in a band of its own.
     */
    public static String series(CapacityRun run) {
        List<RateSummary.Second> seconds = new ArrayList<>();
        List<Integer> stepStarts = new ArrayList<>();
        for (CapacityStep step : run.steps()) {
            stepStarts.add(seconds.size());
            seconds.addAll(step.seconds());
        }
        if (seconds.isEmpty()) {
            return "";
        }
        int band = 80;
        int gap = 22;
        int top = 24;
        int height = top + 4 * (band + gap) + 10;
        StringBuilder svg = Charts.open(height);
        svg.append(Charts.text(LEFT, 14, "/" + run.mode() + " " + run.flags() + ": each step second by second "
                + "(grey lines: a new step)", "#000"));
        Scale x = Scale.linear(0, seconds.size(), LEFT, Charts.WIDTH - RIGHT);
        String[] titles = {"req/s offered (grey) and completed", "p99 ms of what completed", "in flight",
                "server heap used MB"};
        List<List<ToDoubleFunction<RateSummary.Second>>> values = List.of(
                List.of(s -> s.offered(), s -> s.completed()), List.of(s -> s.p99Ms()), List.of(s -> s.inFlight()),
                List.of(s -> s.server() == null || s.server().heapUsedBytes() == null ? Double.NaN
                        : s.server().heapUsedBytes() / 1048576.0));
        for (int b = 0; b < 4; b++) {
            int bandTop = top + b * (band + gap) + 12;
            int bandBottom = bandTop + band;
            double max = 1;
            for (ToDoubleFunction<RateSummary.Second> f : values.get(b)) {
                max = Math.max(max, seconds.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(1));
            }
            Scale y = Scale.linear(0, max * 1.1, bandBottom, bandTop);
            svg.append(Charts.text(LEFT, bandTop - 3, titles[b] + String.format(Locale.ROOT, " (max %.0f)", max),
                    "#333"));
            svg.append(Charts.axisLine(LEFT, bandBottom, Charts.WIDTH - RIGHT, bandBottom));
            for (int start : stepStarts) {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                        + "stroke=\"#ddd\"/>", x.at(start), bandTop, x.at(start), bandBottom));
            }
            List<ToDoubleFunction<RateSummary.Second>> fs = values.get(b);
            for (int k = 0; k < fs.size(); k++) {
                StringBuilder path = new StringBuilder();
                for (int i = 0; i < seconds.size(); i++) {
                    double v = fs.get(k).applyAsDouble(seconds.get(i));
                    if (!Double.isNaN(v)) {
                        lineTo(path, x.at(i + 0.5), y.at(v));
                    }
                }
                String color = fs.size() > 1 && k == 0 ? "#bbb" : COLORS[b % COLORS.length];
                svg.append("<path d=\"").append(path).append("\" stroke=\"").append(color)
                        .append("\" fill=\"none\" stroke-width=\"1.5\"/>");
            }
        }
        return svg.append("</svg>\n").toString();
    }

    private static String line(List<CapacityStep> steps, Scale x, Scale y, ToDoubleFunction<CapacityStep> value,
                               String color, String dash) {
        StringBuilder path = new StringBuilder();
        for (CapacityStep s : steps) {
            lineTo(path, x.at(Math.max(s.completionRate(), 0.1)), y.at(Math.max(value.applyAsDouble(s), y.from)));
        }
        return "<path d=\"" + path + "\" stroke=\"" + color + "\" fill=\"none\" stroke-width=\"1.5\"" + dash + "/>";
    }

    /** A path's next point: where it starts, or a line to it. */
    private static void lineTo(StringBuilder path, double x, double y) {
        path.append(path.isEmpty() ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
    }

    private static void horizontal(StringBuilder svg, Scale x, double at, String label, String color) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-dasharray=\"3 3\"/>", x.to1, at, x.to2, at, color));
        svg.append(Charts.text((int) x.to2 - 130, (int) at - 3, label, color));
    }

    /** Axes with ticks at 1, 2 and 5 of each power of ten. */
    private static void axes(StringBuilder svg, Scale x, Scale y, int top, int bottom, String xLabel, String yLabel) {
        svg.append(Charts.axisLine(LEFT, bottom, Charts.WIDTH - RIGHT, bottom));
        svg.append(Charts.axisLine(LEFT, top, LEFT, bottom));
        for (double tick : x.ticks()) {
            svg.append(Charts.text((int) x.at(tick) - 8, bottom + 14, CapacityRun.rate(tick), "#333"));
        }
        for (double tick : y.ticks()) {
            svg.append(Charts.text(4, (int) y.at(tick) + 4, String.format(Locale.ROOT, "%,.0f", tick), "#333"));
        }
        svg.append(Charts.text(Charts.WIDTH - RIGHT - 100, bottom + 28, xLabel, "#333"));
        svg.append(Charts.text(4, top - 6, yLabel, "#333"));
    }

    /** Values from {@code from} to {@code to} onto pixels from {@code to1} to {@code to2}. */
    private record Scale(double from, double to, double to1, double to2, boolean log) {

        static Scale log(double from, double to, double to1, double to2) {
            return new Scale(from, to, to1, to2, true);
        }

        static Scale linear(double from, double to, double to1, double to2) {
            return new Scale(from, to, to1, to2, false);
        }

        double at(double value) {
            double share = log ? Math.log(value / from) / Math.log(to / from) : (value - from) / (to - from);
            return to1 + (to2 - to1) * share;
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            for (double decade = Math.pow(10, Math.floor(Math.log10(from))); decade <= to; decade *= 10) {
                for (double m : new double[] {1, 2, 5}) {
                    double tick = decade * m;
                    if (tick >= from && tick <= to) {
                        ticks.add(tick);
                    }
                }
            }
            return ticks;
        }
    }
}
