package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.matrix.MatrixSettings;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** Writes the experiment's files: results.json, results.csv, report.md, report.html. */
public final class ReportWriter {

    static final List<String> CSV_HEADER = List.of("mode", "flags", "repeat", "status", "requests", "succeeded",
            "failed", "failures_by_cause", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "wall_ms", "throughput_per_s",
            "send_spread_ms", "client_cpu_ms", "lost_writes", "platform_threads_peak", "platform_threads_started",
            "virtual_threads_started", "virtual_threads_pinned", "heap_used_mb", "rss_mb", "kernel_queue_trouble",
            "server_cores", "server_jdk", "server_common_pool_parallelism", "tomcat_max_threads",
            "tomcat_max_connections", "tomcat_accept_count", "count_delay_ms", "save_delay_ms", "repository_guard",
            "client_cores",
            "client_jdk", "message");

    /** The p99 of every combination against the floor, drawn from results.json as the docs' figures are. */
    static final String P99_CHART = "p99.svg";

    private ReportWriter() {
    }

    public static void write(MatrixSettings settings, List<RunRecord> runs, Map<String, List<RequestResult>> samples,
                             Instant started, Instant finished, boolean interrupted) {
        ReportContent content = new ReportContent(settings, runs, started, finished, interrupted);
        Path dir = settings.outputDir();
        try {
            Files.createDirectories(dir);
            Map<String, Object> results = new LinkedHashMap<>();
            results.put("settings", settings);
            results.put("started", started.toString());
            results.put("finished", finished.toString());
            results.put("interrupted", interrupted);
            results.put("findings", content.findings);
            results.put("runs", content.runs);
            Json.write(dir.resolve("results.json"), results);
            Files.writeString(dir.resolve("results.csv"), csv(content.runs));
            String p99Chart = Figures.draw(dir.resolve("results.json")).get(P99_CHART);
            Files.writeString(dir.resolve(P99_CHART), p99Chart);
            Files.writeString(dir.resolve("report.md"), MarkdownReport.render(content));
            Files.writeString(dir.resolve("report.html"), HtmlReport.render(content, samples, p99Chart));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir, e);
        }
    }

    static String csv(List<RunRecord> runs) {
        StringBuilder csv = new StringBuilder(String.join(",", CSV_HEADER)).append('\n');
        for (RunRecord r : runs) {
            List<String> cells = new ArrayList<>(List.of(r.mode().label(), r.flags(), String.valueOf(r.repeat()),
                    r.status().name()));
            RunSummary s = r.summary();
            if (s != null) {
                ServerJvm jvm = s.server().serverJvm();
                ServerEnvironment env = s.server().serverEnvironment();
                cells.addAll(List.of(String.valueOf(s.burst().requests()), String.valueOf(s.outcome().succeeded()),
                        String.valueOf(s.outcome().failed()), s.outcome().failuresByCause().toString(),
                        num(s.outcome().latency().p50Ms()), num(s.outcome().latency().p90Ms()),
                        num(s.outcome().latency().p99Ms()), num(s.outcome().latency().p999Ms()),
                        num(s.outcome().latency().maxMs()), num(s.outcome().wallTimeMs()),
                        num(s.outcome().throughputPerSecond()), num(s.outcome().sendSpreadMs()),
                        num(s.outcome().clientCpuMs()), s.writes().lostWritesText(),
                        ifKnown(jvm, j -> j.platformThreadsPeak()), ifKnown(jvm, j -> j.platformThreadsStarted()),
                        ifKnown(jvm, j -> j.virtualThreadsStarted()), ifKnown(jvm, j -> j.virtualThreadsPinned()),
                        ifKnown(jvm, ServerJvm::heapUsedMb), ifKnown(jvm, ServerJvm::residentSetMb),
                        String.valueOf(s.client().kernelQueueTrouble()), ifKnown(env, e -> e.availableProcessors()),
                        ifKnown(env, ServerEnvironment::javaVersion), ifKnown(env, e -> e.commonPoolParallelism()),
                        ifKnown(env, e -> e.webServer().maxThreads()), ifKnown(env, e -> e.webServer().maxConnections()),
                        ifKnown(env, e -> e.webServer().acceptCount()), ifKnown(env, e -> e.repositoryCountDelayMs()),
                        ifKnown(env, e -> e.repositorySaveDelayMs()), ifKnown(env, ServerEnvironment::repositoryGuard),
                        String.valueOf(s.client().client().availableProcessors()), s.client().client().javaVersion()));
            } else {
                while (cells.size() < CSV_HEADER.size() - 1) {
                    cells.add("");
                }
            }
            cells.add(r.message() == null ? "" : r.message());
            csv.append(String.join(",", cells.stream().map(ReportWriter::quote).toList())).append('\n');
        }
        return csv.toString();
    }

    /** A lab figure as a cell, empty when the lab could not be read. */
    private static <T> String ifKnown(T lab, Function<T, Object> figure) {
        return lab == null ? "" : String.valueOf(figure.apply(lab));
    }

    private static String num(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static String quote(String cell) {
        return cell.contains(",") || cell.contains("\"") || cell.contains("\n")
                ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell;
    }
}
