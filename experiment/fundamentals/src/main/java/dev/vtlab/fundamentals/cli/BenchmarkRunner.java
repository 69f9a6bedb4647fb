package dev.vtlab.fundamentals.cli;

import dev.vtlab.fundamentals.benchmarks.CreationBenchmark;
import dev.vtlab.fundamentals.benchmarks.HashingBenchmark;
import dev.vtlab.fundamentals.benchmarks.SwitchingBenchmark;
import dev.vtlab.fundamentals.benchmarks.BenchmarkedThreads;
import dev.vtlab.fundamentals.probes.FairnessProbe;
import dev.vtlab.fundamentals.probes.FootprintProbe;
import dev.vtlab.fundamentals.probes.HelloServer;
import dev.vtlab.fundamentals.probes.KeepAliveClient;
import dev.vtlab.fundamentals.probes.ProbeResult;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Runs the chosen benchmarks on one JDK: the JMH benchmarks in JVMs JMH forks with that JDK's {@code java}, the
 * probes in JVMs of their own on it, and the thread-per-connection client in this JVM (the same client for every
 * server). Collects every figure as {@link Row}s.
 */
final class BenchmarkRunner {

    private static final List<String> KINDS = Arrays.stream(BenchmarkedThreads.values()).map(Enum::name).toList();

    private final Plan plan;
    private final Path java;
    private final PrintWriter out;
    private final List<Row> rows = new ArrayList<>();

    BenchmarkRunner(Plan plan, Path java, PrintWriter out) {
        this.plan = plan;
        this.java = java;
        this.out = out;
    }

    List<Row> run(List<Benchmark> benchmarks) throws Exception {
        for (Benchmark benchmark : benchmarks) {
            out.printf("-- %s --%n", benchmark.label());
            out.flush();
            switch (benchmark) {
                case CREATION -> {
                    jmh(CreationBenchmark.class, "creation", Map.of("parked", plan.parked()), List.of(),
                            name -> name.equals("startAndJoin") ? "start and join one thread" : parkedMeasure());
                    fibrysForm();
                }
                case SWITCHING -> {
                    jmh(SwitchingBenchmark.class, "switching", Map.of("roundTrips", plan.roundTrips()), List.of(),
                            name -> plan.roundTrips() + " round trips, default scheduler");
                    jmh(SwitchingBenchmark.class, "switching", Map.of("roundTrips", plan.roundTrips(), "kind",
                                    "VIRTUAL"), List.of("-Djdk.virtualThreadScheduler.parallelism=1"),
                            name -> plan.roundTrips() + " round trips, scheduler parallelism 1");
                }
                case CPU -> jmh(HashingBenchmark.class, "cpu", Map.of("tasks", plan.hashTasks(), "bytes",
                        plan.hashBytes()), List.of(), name -> plan.hashTasks() + " SHA-256 tasks per batch");
                case FOOTPRINT -> footprint();
                case CONNECTION -> connection();
                case FAIRNESS -> {
                    for (String kind : KINDS) {
                        probe(List.of(), FairnessProbe.class, kind, String.valueOf(plan.busyMillis()));
                    }
                }
            }
        }
        return rows;
    }

    /** One JMH benchmark class with its parameters (a {@code kind} parameter narrows the kinds). */
    private void jmh(Class<?> benchmark, String name, Map<String, Object> params, List<String> jvmArgs,
                     Function<String, String> measure) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder().include(benchmark.getName() + "\\.")
                .forks(plan.forks()).warmupIterations(plan.iterations()).measurementIterations(plan.iterations())
                .warmupTime(TimeValue.milliseconds(plan.iterationTime().toMillis()))
                .measurementTime(TimeValue.milliseconds(plan.iterationTime().toMillis()))
                .jvm(java.toString()).verbosity(VerboseMode.SILENT).shouldFailOnError(true);
        if (!jvmArgs.isEmpty()) {
            options.jvmArgsAppend(jvmArgs.toArray(String[]::new));
        }
        params.forEach((key, value) -> options.param(key, String.valueOf(value)));
        for (RunResult result : new Runner(options.build()).run()) {
            String method = result.getParams().getBenchmark();
            method = method.substring(method.lastIndexOf('.') + 1);
            var score = result.getPrimaryResult();
            Row row = new Row(name, measure.apply(method), result.getParams().getParam("kind"), score.getScore(),
                    Double.isNaN(score.getScoreError()) ? 0 : score.getScoreError(), score.getScoreUnit());
            rows.add(row);
            print(row);
        }
    }

    private String parkedMeasure() {
        return "start " + plan.parked() + " that stay parked, then release";
    }

    /**
     * Fibry's form of the creation figure: how many virtual threads are started and kept parked in the time
     * {@code parked} platform threads take, from the two measurements just made (their errors combined).
     */
    private void fibrysForm() {
        Row platform = find("creation", parkedMeasure(), "PLATFORM");
        Row virtual = find("creation", parkedMeasure(), "VIRTUAL");
        double ratio = platform.value() / virtual.value();
        double relativeError = platform.error() / platform.value() + virtual.error() / virtual.value();
        add(new Row("creation", "virtual threads started and parked in the time " + plan.parked()
                + " platform threads take", "VIRTUAL", plan.parked() * ratio, plan.parked() * ratio * relativeError,
                "threads"));
    }

    private Row find(String benchmark, String measure, String kind) {
        return rows.stream().filter(r -> r.benchmark().equals(benchmark) && r.measure().equals(measure)
                && r.kind().equals(kind)).findFirst().orElseThrow();
    }

    private void footprint() throws Exception {
        List<String> nmt = List.of("-XX:NativeMemoryTracking=summary", "-Xmx4g");
        for (int depth : new int[] {1, plan.deepStack()}) {
            for (String kind : KINDS) {
                probe(nmt, FootprintProbe.class, kind, String.valueOf(plan.footprintThreads()), String.valueOf(depth));
            }
        }
        probe(nmt, FootprintProbe.class, "VIRTUAL", String.valueOf(plan.footprintVirtualMax()), "1");
    }

    /** Each server shape and kind, in a JVM of its own; one warm-up round, then the measured rounds. */
    private void connection() throws Exception {
        for (String shape : List.of("socket", "httpserver")) {
            for (String kind : KINDS) {
                Process server = new ProcessBuilder(command(List.of(), HelloServer.class, shape, kind))
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                try {
                    BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(),
                            StandardCharsets.UTF_8));
                    String ready = lines.readLine();
                    if (ready == null || !ready.startsWith(HelloServer.READY)) {
                        throw new IllegalStateException("the " + shape + " server did not start: " + ready);
                    }
                    int port = Integer.parseInt(ready.substring(HelloServer.READY.length()).strip());
                    KeepAliveClient.run(port, plan.connections(), plan.requests() / 5);
                    List<KeepAliveClient.Round> rounds = new ArrayList<>();
                    for (int i = 0; i < plan.probeRepeats(); i++) {
                        rounds.add(KeepAliveClient.run(port, plan.connections(), plan.requests()));
                    }
                    String measure = shape + ", " + plan.connections() + " keep-alive connections, " + plan.requests()
                            + " requests";
                    addSpread("connection", measure, kind, rounds.stream()
                            .mapToDouble(KeepAliveClient.Round::requestsPerSecond).toArray(), "requests/s");
                    addSpread("connection", measure, kind, rounds.stream()
                            .mapToDouble(KeepAliveClient.Round::p99Micros).toArray(), "p99 us");
                } finally {
                    server.getOutputStream().close();
                    if (!server.waitFor(10, TimeUnit.SECONDS)) {
                        server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    }
                }
            }
        }
    }

    /** A probe run {@code probeRepeats} times; one row per figure, the median and half the range. */
    private void probe(List<String> jvmArgs, Class<?> probe, String... args) throws Exception {
        List<ProbeResult> results = new ArrayList<>();
        for (int i = 0; i < plan.probeRepeats(); i++) {
            results.add(runProbe(command(jvmArgs, probe, args)));
        }
        ProbeResult first = results.getFirst();
        for (String figure : first.values().keySet()) {
            addSpread(first.probe(), first.label() + ": " + figure, first.kind(),
                    results.stream().mapToDouble(r -> r.values().get(figure)).toArray(),
                    figure.endsWith("Ms") ? "ms" : "bytes");
        }
    }

    private static ProbeResult runProbe(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        ProbeResult result = null;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                ProbeResult parsed = ProbeResult.parse(line);
                if (parsed != null) {
                    result = parsed;
                } else {
                    output.add(line);
                }
            }
        }
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0 || result == null) {
            process.destroyForcibly();
            throw new IllegalStateException("probe failed: " + String.join(" ", command) + "\n" + String.join("\n",
                    output.subList(Math.max(0, output.size() - 10), output.size())));
        }
        return result;
    }

    /** {@code java [jvmArgs] -cp <this class path> <main> [args]}, on the JDK under test. */
    private List<String> command(List<String> jvmArgs, Class<?> main, String... args) {
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** One row for repeated measurements: their median, and half their range as the error (JMH's statistics). */
    private void addSpread(String benchmark, String measure, String kind, double[] values, String unit) {
        ListStatistics spread = new ListStatistics(values);
        add(new Row(benchmark, measure, kind, spread.getPercentile(50), (spread.getMax() - spread.getMin()) / 2,
                unit));
    }

    private void add(Row row) {
        rows.add(row);
        print(row);
    }

    private void print(Row row) {
        out.printf(Locale.ROOT, "  %-9s %-60s %,14.2f ± %,.2f %s%n", row.kind(), row.measure(), row.value(),
                row.error(), row.unit());
        out.flush();
    }
}
