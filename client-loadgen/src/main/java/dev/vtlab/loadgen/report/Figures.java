package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.labclient.ServerThreads;
import dev.vtlab.loadgen.load.Mode;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Figures for the docs, drawn from a results file and never by hand: for each mode measured, which thread ran each
 * layer ({@code threads-MODE.svg}, a {@link ThreadMap}), and the p99 of every combination against the floor
 * ({@code p99.svg}). {@code vtlab-loadgen figures RESULTS.json} writes them beside it; a docs test draws them again
 * from the committed results and fails when a committed figure differs.
 */
public final class Figures {

    private static final int LEFT = 190;
    private static final int BAR = 16;

    private Figures() {
    }

    /** Every figure of {@code resultsJson}, by file name. */
    public static Map<String, String> draw(Path resultsJson) throws IOException {
        JsonNode results = Json.readTree(resultsJson);
        List<JsonNode> runs = new ArrayList<>();
        results.path("runs").forEach(run -> {
            if (run.path("repeat").asInt() == 1) {
                runs.add(run);
            }
        });
        Map<String, String> figures = new LinkedHashMap<>();
        String where = where(runs);
        for (Mode mode : Mode.values()) {
            List<ThreadMap.Row> rows = new ArrayList<>();
            for (JsonNode run : runs) {
                if (run.path("mode").asString().equals(mode.label())) {
                    JsonNode threads = run.path("summary").path("serverThreads");
                    rows.add(new ThreadMap.Row(run.path("flags").asString(), threads.isObject()
                            ? Json.MAPPER.treeToValue(threads, ServerThreads.class) : null));
                }
            }
            if (!rows.isEmpty()) {
                figures.put("threads-" + mode.label() + ".svg",
                        ThreadMap.svg(mode.path() + ": which thread ran each layer (" + where + ")", rows));
            }
        }
        JsonNode settings = results.path("settings");
        Duration floor = Duration.parse(settings.path("countDelay").asString())
                .plus(Duration.parse(settings.path("saveDelay").asString()));
        figures.put("p99.svg", p99(runs, floor.toMillis(), settings.path("requests").asInt(), where));
        return figures;
    }

    /** Writes every figure into {@code dir}; returns the files. */
    public static List<Path> write(Path resultsJson, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> figure : draw(resultsJson).entrySet()) {
            written.add(Files.writeString(dir.resolve(figure.getKey()), figure.getValue()));
        }
        return written;
    }

    private static String shortened(String text) {
        return text.length() > 90 ? text.substring(0, 89) + "…" : text;
    }

    /** Where the results were measured: the server's cores and JDK. */
    private static String where(List<JsonNode> runs) {
        for (JsonNode run : runs) {
            JsonNode env = run.path("summary").path("serverEnvironment");
            if (env.isObject()) {
                return env.path("availableProcessors").asInt() + " cores, JDK " + env.path("javaVersion").asString();
            }
        }
        return "environment not recorded";
    }

    /** One bar per run, grouped by mode, with the floor as a line; a failed run says so instead of a bar. */
    private static String p99(List<JsonNode> runs, long floorMs, int requests, String where) {
        double maxMs = Math.max(floorMs, runs.stream().filter(r -> r.path("status").asString().equals("OK"))
                .mapToDouble(r -> r.path("summary").path("latency").path("p99Ms").asDouble()).max().orElse(1));
        // room for the 8 px gap between each two modes' groups: at most one fewer than the modes
        int height = 50 + runs.size() * (BAR + 4) + (Mode.values().length - 1) * 8 + 20;
        StringBuilder svg = Charts.open(height);
        svg.append(Charts.text(4, 16, String.format(Locale.ROOT, "p99 of %d requests at once, per combination; "
                + "floor %d ms (the two delays); %s", requests, floorMs, where), "#000"));
        double scale = (Charts.WIDTH - LEFT - 120) / maxMs;
        int y = 34;
        String previousMode = null;
        // What a failed run says goes over the floor's line, drawn last: the line must not cross its words.
        StringBuilder failures = new StringBuilder();
        for (JsonNode run : runs) {
            String mode = run.path("mode").asString();
            if (previousMode != null && !previousMode.equals(mode)) {
                y += 8;
            }
            previousMode = mode;
            String label = mode + " " + run.path("flags").asString();
            boolean ok = run.path("status").asString().equals("OK");
            double p99 = run.path("summary").path("latency").path("p99Ms").asDouble();
            svg.append(Charts.text(4, y + 12, label, "#000"));
            if (ok) {
                svg.append(String.format(Locale.ROOT, "<rect data-run=\"%s\" data-p99-ms=\"%.0f\" x=\"%d\" y=\"%d\" "
                        + "width=\"%.1f\" height=\"%d\" fill=\"#4e79a7\"/>", label, p99, LEFT, y, p99 * scale, BAR));
                svg.append(Charts.text(LEFT + (int) (p99 * scale) + 4, y + 12,
                        String.format(Locale.ROOT, "%.0f ms", p99), "#333"));
            } else {
                failures.append(String.format(Locale.ROOT, "<g data-run=\"%s\" data-status=\"%s\">%s</g>", label,
                        run.path("status").asString(), Charts.textOverLines(LEFT, y + 12,
                                shortened(whyNoBar(run)), "#c00")));
            }
            y += BAR + 4;
        }
        int floorX = LEFT + (int) (floorMs * scale);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"28\" x2=\"%d\" y2=\"%d\" stroke=\"#c00\" "
                + "stroke-dasharray=\"4 3\"/>", floorX, floorX, y));
        svg.append(Charts.text(floorX + 4, y + 14, "floor " + floorMs + " ms", "#c00"));
        return svg.append(failures).append("</svg>\n").toString();
    }

    /**
     * Why a run has no bar: a failed run's own message ("1985 failed {HTTP 503=1985}"), else its status and why
     * ("server failed: ...", "not run: ...").
     */
    private static String whyNoBar(JsonNode run) {
        String status = run.path("status").asString();
        String why = run.path("message").asString("");
        if (status.equals("FAILED_RUN") && !why.isEmpty()) {
            return why;
        }
        return status.toLowerCase(Locale.ROOT).replace('_', ' ') + (why.isEmpty() ? "" : ": " + why);
    }
}
