package dev.vtlab.loadgen.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacitySettings;
import dev.vtlab.loadgen.capacity.CapacityStep;
import dev.vtlab.loadgen.capacity.Ceiling;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.MeterView;
import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.stored.StoredFiles;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Writes a capacity search's files: results.json (every step of every run), report.md and report.html (the answer
 * first: the capacity table and the knee charts; then each run's steps and time series; then the method), and the
 * charts as SVG beside them ({@code knee-MODE.svg}, {@code series-MODE-FLAGS.svg}).
 */
public final class CapacityReport {

    /** What results.json says it is, so that {@code figures} knows a capacity search from a matrix. */
    public static final String KIND = "capacity";
    private static final String TITLE = "Capacity: what each placement sustains";
    private static final String METERS_INTRO = "The same ceiling from the server's standard meters alone "
            + "(Actuator's Prometheus endpoint on its management port): the pool's size from its meter, and how long a "
            + "request holds it from the pool's timer or from how many were in use, at the step the lab's CPU time "
            + "comes from. The meter to watch is the one a reader finds in their own service.";

    private CapacityReport() {
    }

    /**
     * A capacity results file as {@code figures} and the docs tests read it.
     *
     * @param kind        {@value #KIND}
     * @param interrupted whether the search was cut short (the report is partial)
     * @param floorMs     the repository's delays summed
     * @param runs        every planned run
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Results(String kind, boolean interrupted, long floorMs, List<CapacityRun> runs) {

        /** Reads {@code file} (or its compressed copy beside it: {@link StoredFiles#open}). */
        public static Results read(Path file) throws IOException {
            try (InputStream in = StoredFiles.open(file)) {
                return Json.MAPPER.readValue(in, Results.class);
            }
        }

        /** {@code results}, already read as a tree, if it is a capacity search's; else empty. */
        public static Optional<Results> of(JsonNode results) {
            return KIND.equals(results.path("kind").asString("")) ? Optional.of(Json.MAPPER.treeToValue(results,
                    Results.class)) : Optional.empty();
        }
    }

    /** Writes every file into the settings' output folder. */
    public static void write(CapacitySettings settings, List<CapacityRun> runs, Instant started, Instant finished,
                             boolean interrupted) {
        Path dir = settings.servers().outputDir();
        long floorMs = settings.floorMs();
        try {
            Files.createDirectories(dir);
            Map<String, Object> results = new LinkedHashMap<>();
            results.put("kind", KIND);
            results.put("settings", settings);
            results.put("started", started.toString());
            results.put("finished", finished.toString());
            results.put("interrupted", interrupted);
            results.put("floorMs", floorMs);
            results.put("client", ClientEnvironment.current());
            results.put("runs", runs);
            Json.write(dir.resolve("results.json"), results);
            Map<String, String> charts = charts(new Results(KIND, interrupted, floorMs, runs));
            writeCharts(charts, dir);
            String whatRan = whatRan(settings, floorMs, runs, started, finished, interrupted);
            Files.writeString(dir.resolve("report.md"), markdown(whatRan, runs, floorMs, settings, charts));
            Files.writeString(dir.resolve("report.html"), html(whatRan, runs, floorMs, settings, charts));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the capacity report into " + dir, e);
        }
    }

    /**
     * The floor of {@code mode}'s requests, from the server its runs measured ({@link Mode#floorMs}): a card's is
     * not a visit's; {@code visitFloorMs} where no run read its server.
     */
    private static long floorMs(String mode, List<CapacityRun> runs, long visitFloorMs) {
        return runs.stream().map(CapacityRun::server).filter(java.util.Objects::nonNull).findFirst()
                .map(server -> Mode.valueOf(mode.toUpperCase(Locale.ROOT)).floorMs(server)).orElse(visitFloorMs);
    }

    /** Every chart of {@code results} by file name: one knee chart per mode, one time series per run. */
    public static Map<String, String> charts(Results results) {
        Map<String, String> charts = new LinkedHashMap<>();
        Map<String, List<CapacityRun>> byMode = results.runs().stream()
                .collect(Collectors.groupingBy(CapacityRun::mode, LinkedHashMap::new, Collectors.toList()));
        byMode.forEach((mode, runs) -> {
            String knee = CapacityCharts.knee(mode, runs, floorMs(mode, runs, results.floorMs()));
            if (!knee.isEmpty()) {
                charts.put("knee-" + mode + ".svg", knee);
            }
        });
        for (CapacityRun run : results.runs()) {
            String series = CapacityCharts.series(run);
            if (!series.isEmpty()) {
                charts.put(seriesFile(run), series);
            }
        }
        return charts;
    }

    /** Writes every chart of {@code results} into {@code dir}, as {@code figures} does; returns the files. */
    public static List<Path> writeCharts(Results results, Path dir) throws IOException {
        Files.createDirectories(dir);
        return writeCharts(charts(results), dir);
    }

    private static List<Path> writeCharts(Map<String, String> charts, Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> chart : charts.entrySet()) {
            written.add(Files.writeString(dir.resolve(chart.getKey()), chart.getValue()));
        }
        return written;
    }

    private static String seriesFile(CapacityRun run) {
        return "series-" + run.mode() + "-" + run.flags().replace(" ", "") + ".svg";
    }

    /** One line: what ran, where, and how long it took. */
    private static String whatRan(CapacitySettings settings, long floorMs, List<CapacityRun> runs, Instant started,
                                  Instant finished, boolean interrupted) {
        ServerEnvironment server = runs.stream().map(CapacityRun::server).filter(s -> s != null).findFirst()
                .orElse(null);
        CapacitySettings.Steps steps = settings.steps();
        return (interrupted ? "PARTIAL: interrupted; what was measured before it stopped. " : "")
                + String.format(Locale.ROOT, "Profile %s, variant %s, delays %d + %d ms (floor %d ms), steps of "
                                + "%d s (the first %d s a warm-up), request timeout %d s; server %s; ran %s.",
                settings.servers().profile().name().toLowerCase(Locale.ROOT),
                settings.servers().variant().describe(), settings.servers().server().countDelay().toMillis(),
                settings.servers().server().saveDelay().toMillis(), floorMs, steps.stepTime().toSeconds(),
                steps.stepWarmup().toSeconds(), steps.timeout().toSeconds(), server == null ? "not read"
                        : "JDK " + server.javaVersion() + " on " + server.availableProcessors() + " cores, heap "
                        + (server.maxHeapBytes() >> 20) + " MB, " + server.webServer().maxConnections()
                        + " connections at most" + (settings.servers().server().cores() == null ? ""
                        : " (" + settings.servers().server().cores().describe() + ")"), when(started, finished));
    }

    /** e.g. {@code 2026-11-25 11:44:19 to 11:51:02 UTC (6 min 43 s)}: to the second, the date once if it is one. */
    static String when(Instant started, Instant finished) {
        DateTimeFormatter day = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
        DateTimeFormatter time = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
        boolean sameDay = started.truncatedTo(ChronoUnit.DAYS).equals(finished.truncatedTo(ChronoUnit.DAYS));
        return day.format(started) + " to " + (sameDay ? time : day).format(finished) + " UTC ("
                + HumanDuration.of(Duration.between(started, finished)) + ")";
    }

    /** The answer: one row per run. */
    static Table capacityTable(List<CapacityRun> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (CapacityRun r : runs) {
            Ceiling p = r.predicted();
            rows.add(List.of(r.mode(), r.flags(), r.status().equals("OK") ? CapacityRun.rate(r.sustainedRate())
                            : r.status(), CapacityRun.rate(r.firstNotHeldRate()),
                    p == null ? "-" : CapacityRun.rate(p.rate()),
                    p == null ? "-" : binding(p),
                    r.ratio() == null ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio()),
                    r.note() != null ? r.note() : r.message() != null ? r.message() : ""));
        }
        return new Table(List.of("mode", "flags", "sustained req/s", "first not held", "predicted req/s",
                "binding resource: size / hold", "measured / predicted", "note"), rows);
    }

    /**
     * What the server's standard meters say, one row per run whose binding resource has a meter: the same ceiling
     * by Little's law from the meters alone, beside the lab's, and the meter to watch with what it read at the knee.
     */
    static Table meterTable(List<CapacityRun> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (CapacityRun r : runs) {
            MeterView m = r.meters();
            if (m == null) {
                continue;
            }
            rows.add(List.of(r.mode(), r.flags(), r.predicted().resource().label(),
                    CapacityRun.rate(r.predicted().rate()), String.format(Locale.ROOT, "%s (%.0f / %s)",
                            CapacityRun.rate(m.ceiling().rate()), m.ceiling().size(), held(m.ceiling().holdSeconds())),
                    String.format(Locale.ROOT, "%.2f", m.meterVsLab()), m.watch(),
                    m.atKnee() == null ? "" : m.atKnee()));
        }
        return new Table(List.of("mode", "flags", "binding resource", "lab's prediction req/s",
                "meters' prediction req/s (size / hold)", "meters / lab", "meter to watch", "at the knee"), rows);
    }

    /**
     * e.g. {@code request threads: 50 / 0.50 s}: the binding resource, its size and how long a request holds it;
     * {@code JDBC pool: 10 / (3 x 0.25 s)} where a request makes several calls to it, each holding it that long
     * ({@code /fanout}'s three reads).
     */
    public static String binding(Ceiling ceiling) {
        String hold = ceiling.calls() == 1 ? held(ceiling.holdSeconds())
                : "(" + ceiling.calls() + " x " + held(ceiling.holdSeconds()) + ")";
        return String.format(Locale.ROOT, "%s: %.0f / %s", ceiling.resource().label(), ceiling.size(), hold);
    }

    /** How long a request holds a resource: seconds for a wait, milliseconds for a request's CPU time. */
    private static String held(double seconds) {
        return seconds >= 0.1 ? String.format(Locale.ROOT, "%.2f s", seconds)
                : String.format(Locale.ROOT, "%.3f ms", seconds * 1000);
    }

    /** Every step of one run. */
    static Table stepTable(CapacityRun run) {
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<CapacityStep, String> stepRun : HoldRule.runsInOrder(run.steps(), CapacityStep::firstRun)) {
            CapacityStep s = stepRun.getKey();
            Double gcMs = s.gcPauseMsWorstSecond();
            rows.add(List.of(CapacityRun.rate(s.offeredRate()), String.format(Locale.ROOT, "%.1f", s.achievedSendRate()),
                    String.format(Locale.ROOT, "%.1f", s.completionRate()), String.format(Locale.ROOT, "%.0f", s.p50Ms()),
                    String.format(Locale.ROOT, "%.0f", s.p99Ms()), String.valueOf(s.failed()),
                    String.format(Locale.ROOT, "%.1f", s.lagP99Ms()), String.valueOf(s.inFlightPeak()),
                    s.serverCpuMsPerRequest() == null ? "-" : String.format(Locale.ROOT, "%.3f / %.3f",
                            s.serverCpuMsPerRequest(), s.clientCpuMsPerRequest()),
                    gcMs == null ? "-" : String.format(Locale.ROOT, "%.0f", gcMs),
                    (s.held() ? "yes" : "no: " + String.join(", ", s.broken())) + stepRun.getValue()));
        }
        return new Table(List.of("offered req/s", "sent req/s", "completed req/s", "p50 ms", "p99 ms", "failed",
                "send lag p99 ms", "in flight peak", "CPU ms/request server / client",
                "GC pause ms, worst second", "held"), rows);
    }

    private static List<String> method(long floorMs, CapacitySettings settings) {
        return List.of(
                "Little's law: requests held at once = rate x time each is held (L = lambda W). A resource of size L "
                        + "that each request holds for W lets through at most L / W requests a second; the smallest "
                        + "such ceiling on a request's path binds.",
                String.format(Locale.ROOT, "A step offers a steady rate (an open model: request i due at i / rate, "
                        + "sent then whatever the server does, timed from its due time) and holds when p99 <= %.1f x "
                        + "the floor (%.0f ms), nothing fails and at least %.0f%% of the offered rate completes; a "
                        + "step broken by a stall, nothing failed and at least %.0f%% completed, is run once more and "
                        + "the second run decides: a stall at its end (only the completed share short) or one it "
                        + "recovered from (the p99 of its last second of sending back within the limit and below its "
                        + "worst second's); past a pool's ceiling a queue grows to the step's end instead. \"GC pause "
                        + "ms, worst second\" is the most the server's jvm_gc_pause_seconds_sum grew from one "
                        + "second's read to the next.", HoldRule.P99_OVER_FLOOR, HoldRule.P99_OVER_FLOOR * floorMs,
                        HoldRule.COMPLETED_SHARE * 100, HoldRule.RUN_AGAIN_SHARE * 100),
                String.format(Locale.ROOT, "Each run gets a warm-up step, then starts at 0.6 x the prediction (or "
                        + "at twice the CPU's ceiling the warm-up measured, if lower) and multiplies the rate by %.2f "
                        + "while steps hold; after the first that does not, it halves the gap %d times once it is no "
                        + "wider than a step (once more where the CPU binds first). Before each step the runner waits "
                        + "until the server holds no request.", RateLadder.FACTOR, settings.steps().bisections()),
                "The CPU's ceiling is the machine's cores divided by the CPU time a request costs the server and the "
                        + "load generator together (they share the cores on loopback), measured over the highest step "
                        + "that held.",
                "Command: " + settings.servers().output().commandLine());
    }

    private static String markdown(String whatRan, List<CapacityRun> runs, long floorMs, CapacitySettings settings,
                                   Map<String, String> charts) {
        StringBuilder md = new StringBuilder("# ").append(TITLE).append("\n\n").append(whatRan)
                .append("\n\n").append(capacityTable(runs).markdown()).append('\n');
        Table meters = meterTable(runs);
        if (!meters.rows().isEmpty()) {
            md.append("## What the meters say\n\n").append(METERS_INTRO).append("\n\n").append(meters.markdown())
                    .append('\n');
        }
        charts.keySet().stream().filter(f -> f.startsWith("knee-"))
                .forEach(f -> md.append("![").append(f).append("](").append(f).append(")\n\n"));
        md.append("## Steps\n\n");
        for (CapacityRun run : runs) {
            md.append("### ").append(run.mode()).append(' ').append(run.flags()).append("\n\n");
            if (run.steps().isEmpty()) {
                md.append(run.status()).append(": ").append(run.message()).append("\n\n");
                continue;
            }
            md.append(stepTable(run).markdown()).append("\n![").append(seriesFile(run)).append("](")
                    .append(seriesFile(run)).append(")\n\n");
        }
        md.append("## Method\n\n");
        method(floorMs, settings).forEach(line -> md.append("- ").append(line).append('\n'));
        return md.toString();
    }

    private static String html(String whatRan, List<CapacityRun> runs, long floorMs, CapacitySettings settings,
                               Map<String, String> charts) {
        StringBuilder html = Html.page(TITLE).append("<p>").append(Html.escape(whatRan)).append("</p>")
                .append(capacityTable(runs).html());
        Table meters = meterTable(runs);
        if (!meters.rows().isEmpty()) {
            html.append("<h2>What the meters say</h2><p>").append(Html.escape(METERS_INTRO)).append("</p>")
                    .append(meters.html());
        }
        charts.forEach((file, svg) -> {
            if (file.startsWith("knee-")) {
                html.append(svg);
            }
        });
        html.append("<h2>Steps</h2>");
        for (CapacityRun run : runs) {
            html.append("<h3>").append(Html.escape(run.mode() + " " + run.flags())).append("</h3>");
            if (run.steps().isEmpty()) {
                html.append("<p>").append(Html.escape(run.status() + ": " + run.message())).append("</p>");
                continue;
            }
            html.append(stepTable(run).html()).append(charts.getOrDefault(seriesFile(run), ""));
        }
        html.append("<details><summary>Method</summary>").append(Html.list(method(floorMs, settings)));
        return html.append("</details></body></html>\n").toString();
    }
}
