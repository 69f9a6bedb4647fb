package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Charts as inline SVG, so that report.html opens anywhere without a network: no chart library is simpler than
 * two kinds of chart drawn with rectangles and dots.
 */
final class Charts {

    /** Every chart's width in pixels, the capacity charts' too. */
    static final int WIDTH = 900;
    private static final String[] COLORS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759"};

    private Charts() {
    }

    /** Horizontal bars per combination: p50, p99 and max of the successful requests. */
    static String percentiles(List<RunRecord> runs) {
        List<RunRecord> measured = runs.stream().filter(RunRecord::measured).toList();
        if (measured.isEmpty()) {
            return "";
        }
        double maxMs = measured.stream().mapToDouble(r -> r.summary().outcome().latency().maxMs()).max().orElse(1);
        int rowHeight = 48;
        int left = 170;
        int height = measured.size() * rowHeight + 40;
        StringBuilder svg = open(height);
        String[] names = {"p50", "p99", "max"};
        for (int i = 0; i < measured.size(); i++) {
            RunRecord r = measured.get(i);
            double[] values = {r.summary().outcome().latency().p50Ms(), r.summary().outcome().latency().p99Ms(),
                    r.summary().outcome().latency().maxMs()};
            int y = 20 + i * rowHeight;
            svg.append(text(4, y + 22, r.flags() + (r.ok() ? "" : " FAILED"), r.ok() ? "#000" : "#c00"));
            for (int k = 0; k < 3; k++) {
                double w = (WIDTH - left - 90) * values[k] / maxMs;
                svg.append(String.format(Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\"/>", left, y + k * 13,
                        Math.max(w, 1), COLORS[k]));
                svg.append(text(left + (int) w + 4, y + k * 13 + 10, String.format(Locale.ROOT, "%s %.0f ms",
                        names[k], values[k]), "#333"));
            }
        }
        legend(svg, height - 12, names);
        return svg.append("</svg>\n").toString();
    }

    /** One dot per request: x when it was sent, y its response time; one colour per run, failed requests black. */
    static String responseTimes(Map<String, List<RequestResult>> series) {
        if (series.isEmpty()) {
            return "";
        }
        int height = 360;
        int left = 60;
        int bottom = 40;
        double maxX = 1;
        double maxY = 1;
        for (List<RequestResult> requests : series.values()) {
            for (RequestResult r : requests) {
                maxX = Math.max(maxX, r.startMicros() / 1000.0);
                maxY = Math.max(maxY, r.latencyMicros() / 1000.0);
            }
        }
        StringBuilder svg = open(height);
        svg.append(axisLine(left, height - bottom, WIDTH - 10, height - bottom));
        svg.append(axisLine(left, 10, left, height - bottom));
        svg.append(text(left, height - 22, "request sent at (ms after release; max "
                + String.format(Locale.ROOT, "%.0f", maxX) + ")", "#333"));
        svg.append(text(4, 20, String.format(Locale.ROOT, "%.0f ms", maxY), "#333"));
        svg.append(text(4, height - bottom, "0", "#333"));
        int color = 0;
        String[] names = series.keySet().toArray(String[]::new);
        for (List<RequestResult> requests : series.values()) {
            // One path per series, a zero-length round-capped segment per request: a dot in ~12 bytes.
            StringBuilder ok = new StringBuilder();
            StringBuilder failed = new StringBuilder();
            for (RequestResult r : requests) {
                double x = left + (WIDTH - left - 20) * (r.startMicros() / 1000.0) / maxX;
                double y = height - bottom - (height - bottom - 20) * (r.latencyMicros() / 1000.0) / maxY;
                (r.succeeded() ? ok : failed).append(String.format(Locale.ROOT, "M%.0f %.0fh0", x, y));
            }
            svg.append(dots(ok, COLORS[color % COLORS.length])).append(dots(failed, "#000"));
            color++;
        }
        legend(svg, height - 4, names);
        return svg.append("</svg>\n").toString();
    }

    private static String dots(StringBuilder path, String color) {
        return path.isEmpty() ? "" : "<path d=\"" + path + "\" stroke=\"" + color
                + "\" stroke-width=\"3\" stroke-linecap=\"round\" fill=\"none\"/>";
    }

    /** An SVG begun, {@link #WIDTH} wide; the caller closes it. */
    static StringBuilder open(int height) {
        return open(WIDTH, height);
    }

    /** An SVG begun; the caller closes it. */
    static StringBuilder open(int width, int height) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
                        + "font-size=\"11\">", width, height));
    }

    private static void legend(StringBuilder svg, int y, String[] names) {
        int x = 170;
        for (int i = 0; i < names.length; i++) {
            svg.append(swatch(x, y, COLORS[i % COLORS.length], names[i]));
            x += 14 + names[i].length() * 7 + 20;
        }
    }

    /** A legend's entry: a square of {@code color} and its label, whose baseline is {@code y}. */
    static String swatch(int x, int y, String color, String label) {
        return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>", x,
                y - 9, color) + text(x + 14, y, label, "#333");
    }

    /** A grey line: an axis, or the base of a band. */
    static String axisLine(int x1, int y1, int x2, int y2) {
        return String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", x1, y1,
                x2, y2);
    }

    static String text(int x, int y, String text, String color) {
        return text(x, y, text, color, "");
    }

    /** Text drawn over lines, with a white outline so that a line crossing it does not cross out its letters. */
    static String textOverLines(int x, int y, String text, String color) {
        return text(x, y, text, color, " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"");
    }

    private static String text(int x, int y, String text, String color, String outline) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"%s\"%s>%s</text>", x, y, color, outline,
                Html.escape(text));
    }
}
