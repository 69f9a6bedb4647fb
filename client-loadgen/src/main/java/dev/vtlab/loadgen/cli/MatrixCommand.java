package dev.vtlab.loadgen.cli;

import dev.vtlab.downstream.serving.DurationConverter;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.ExperimentPlan;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.matrix.MatrixRunner;
import dev.vtlab.loadgen.matrix.MatrixSettings;
import dev.vtlab.loadgen.matrix.OutputFolder;
import dev.vtlab.loadgen.matrix.Profile;
import dev.vtlab.loadgen.matrix.RunRecord;
import dev.vtlab.loadgen.matrix.Variant;
import dev.vtlab.loadgen.report.ReportWriter;
import dev.vtlab.loadgen.report.VariantComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** Command: the flag-matrix experiment, from servers started as child processes to the written report. */
@Command(name = "matrix", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts vtlab-server.jar once per relevant combination of the flags T, A, W, R, measures "
                + "each mode it is relevant to, and writes results.json, results.csv, report.md and report.html.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every planned run was measured and no write was lost (failing runs are findings)",
                "1:a server did not start, a write was lost, or the matrix was interrupted",
                "2:bad command line"})
public final class MatrixCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", defaultValue = "quick",
            description = "quick (the seed divided by 4: 500 requests, 250 ms delays, 50 Tomcat threads, 7.5 s "
                    + "async timeout, 15 s client timeout, each run twice; under 5 minutes) or seed (2000 requests, "
                    + "1 s delays, Boot's defaults, 60 s client timeout, as in the article). Default: "
                    + "${DEFAULT-VALUE}.")
    String profile;

    @Mixin
    PlanOptions plan;

    @Option(names = "--requests", description = "Requests per burst (default: the profile's).")
    Integer requests;

    @Option(names = "--delay", converter = DurationConverter.class,
            description = "Repository delay for count and for save (default: the profile's).")
    Duration delay;

    @Option(names = "--timeout", converter = DurationConverter.class,
            description = "Per-request timeout (default: the profile's).")
    Duration timeout;

    @Option(names = "--warmup",
            description = "Warm-up requests to /sync on each fresh server (default: the profile's, 100 or 200).")
    Integer warmup;

    @Option(names = "--repeat", description = "Measure each (combination, mode) this many times on the same "
            + "server; tables show the median and the range (default: the profile's, 2 for quick, 1 for seed).")
    Integer repeat;

    @Option(names = "--heap", description = "Server heap, passed as -Xmx (e.g. 512m; default: the JVM's).")
    String heap;

    @Option(names = "--common-pool-parallelism", description = "Server common-pool parallelism, to reproduce a "
            + "machine with more cores (the article's: 19).")
    Integer commonPoolParallelism;

    @Option(names = "--server-arg", description = "Extra server setting key=value, repeatable "
            + "(e.g. server.tomcat.threads.max=4); overrides the profile's setting of the same key.")
    List<String> serverArgs = new ArrayList<>();

    @Mixin
    VariantOptions variants;

    @Option(names = "--out", description = "Report folder (default: target/experiments/<timestamp>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        List<Variant> chosen = variants.variants();
        Experiment base = settings();
        try (OutputFolder folder = OutputDirs.claim(spec.commandLine(), base.output().outputDir())) {
            return run(base, chosen);
        }
    }


    private int run(Experiment base, List<Variant> variants) throws InterruptedException {
        ExperimentPlan plan = ExperimentPlan.of(base.modes(), base.flags());
        PrintWriter console = spec.commandLine().getOut();
        console.printf(Locale.ROOT, "vtlab matrix: %d runs (%d combinations x %d repeat(s)) per variant, %d "
                        + "variant(s) %s, at least %s (%s); %d requests each, delays %d+%d ms, timeout %d s, "
                        + "server settings %s; report in %s%n",
                plan.runCount(base.repeat()), plan.runCount(), base.repeat(), variants.size(),
                variants.stream().map(Variant::describe).toList(),
                HumanDuration.of(base.leastDuration(plan).multipliedBy(variants.size())), Experiment.LEAST,
                base.burst().requests(), base.server().countDelay().toMillis(), base.server().saveDelay().toMillis(),
                base.burst().timeout().toSeconds(),
                base.server().serverArgs().isEmpty() ? "Boot's defaults" : base.server().serverArgs(),
                base.output().outputDir());
        Map<String, List<RunRecord>> all = new LinkedHashMap<>();
        for (Variant variant : variants) {
            // One variant: the report goes where it always did. Several: one folder each, and a comparison.
            String label = variant.label(variants);
            Path dir = base.output().outputDir();
            MatrixSettings settings = base.forVariant(variant, variants.size() == 1 ? dir : dir.resolve(label));
            if (variants.size() > 1) {
                console.printf("-- %s: %s (%s) --%n", label, variant.describe(), variant.jdk().home());
            }
            MatrixRunner.Outcome outcome = new MatrixRunner(settings, console,
                    (runs, samples, started, finished, interrupted) ->
                            ReportWriter.write(settings, runs, samples, started, finished, interrupted)).run(plan);
            all.put(label, outcome.runs());
            console.printf("Report: %s%n        %s%n", outcome.reportDir().resolve("report.md"),
                    outcome.reportDir().resolve("report.html"));
            if (outcome.interrupted()) {
                break;
            }
        }
        if (variants.size() > 1) {
            console.printf("Comparison: %s%n", VariantComparison.write(base.output().outputDir(),
                    base.output().commandLine(), all));
        }
        List<RunRecord> runs = all.values().stream().flatMap(List::stream).toList();
        long serverFailed = runs.stream().filter(r -> r.status() == RunRecord.Status.SERVER_FAILED).count();
        long lost = runs.stream().filter(RunRecord::measured).filter(r -> r.summary().writes().lost())
                .mapToLong(r -> r.summary().writes().lostWrites()).sum();
        console.printf("Lost writes: %d; servers that did not start: %d%n", lost, serverFailed);
        console.flush();
        return serverFailed == 0 && lost == 0 && all.size() == variants.size() ? 0 : 1;
    }

    private Experiment settings() {
        Profile preset = Profile.parse(profile)
                .orElseThrow(() -> usage("unknown profile '" + profile + "'; expected quick or seed"));
        Set<Flag> varied = plan.flags();
        int n = requests == null ? preset.requests() : requests;
        if (n <= 0) {
            throw usage("--requests must be at least 1, was " + n);
        }
        int w = warmup == null ? preset.warmup() : warmup;
        if (w < 0) {
            throw usage("--warmup must not be negative, was " + w);
        }
        String tooMany = ClientLimits.ofThisMachine().refusal(n, Math.max(n, w));
        if (tooMany != null) {
            throw usage(tooMany);
        }
        Duration d = delay == null ? preset.delay() : delay;
        if (d.compareTo(Duration.ofSeconds(60)) > 0) {
            throw usage("--delay must be at most 60s, was " + d.toSeconds() + "s");
        }
        Duration t = timeout == null ? preset.timeout() : timeout;
        if (t.isZero()) {
            throw usage("--timeout must be above 0");
        }
        if (commonPoolParallelism != null && (commonPoolParallelism < 1 || commonPoolParallelism > 256)) {
            throw usage("--common-pool-parallelism must be between 1 and 256, was " + commonPoolParallelism);
        }
        if (heap != null && !heap.matches("\\d+[kKmMgG]?")) {
            throw usage("--heap must be a size such as 512m or 2g, was '" + heap + "'");
        }
        int r = repeat == null ? preset.repeat() : repeat;
        if (r < 1 || r > 20) {
            throw usage("--repeat must be between 1 and 20, was " + r);
        }
        return new Experiment(preset, plan.modes(), varied, r,
                new MatrixSettings.BurstSettings(n, t, w),
                new MatrixSettings.ServerSettings(d, d, heap, commonPoolParallelism, serverSettings(preset),
                        variants.databaseUrl(), variants.serverJar(), variants.downstreamJar()),
                new MatrixSettings.OutputSettings(
                        OutputDirs.choose(spec.commandLine(), out, Path.of("target", "experiments")),
                        CommandLines.of(spec)));
    }

    /** The command line's settings, the same for every variant. */
    private record Experiment(Profile profile, List<Mode> modes, Set<Flag> flags, int repeat,
                              MatrixSettings.BurstSettings burst, MatrixSettings.ServerSettings server,
                              MatrixSettings.OutputSettings output) {

        /** One variant's settings, its report in {@code dir}. */
        MatrixSettings forVariant(Variant variant, Path dir) {
            return new MatrixSettings(profile, modes, flags, repeat, burst, server, variant,
                    new MatrixSettings.OutputSettings(dir, output.commandLine()));
        }

        static final String LEAST = "each run and each server's warm-up wait the delays once; server starts and "
                + "slower bursts add to it, the time left is shown from the second run";

        /** What one variant takes at least: each run and each server's warm-up wait the delays once. */
        Duration leastDuration(ExperimentPlan plan) {
            Duration floor = server.countDelay().plus(server.saveDelay());
            int warmUps = burst.warmup() > 0 ? plan.servers().size() : 0;
            return floor.multipliedBy(plan.runCount(repeat) + warmUps);
        }
    }

    /** The profile's server settings, each overridden by a --server-arg of the same key, then the others. */
    private List<String> serverSettings(Profile preset) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (String arg : preset.serverArgs()) {
            byKey.put(arg.substring(0, arg.indexOf('=')), arg);
        }
        for (String arg : serverArgs) {
            if (!arg.matches("[a-z][a-z0-9.\\-]*=.*")) {
                throw usage("--server-arg must be key=value, was '" + arg + "'");
            }
            String key = arg.substring(0, arg.indexOf('='));
            if (MatrixSettings.setByTheRunner(key)) {
                throw usage("--server-arg must not set " + key + ": the matrix sets it from its own options (--flags, "
                        + "--repository, --database-url, --pool-size, --max-concurrent, --guard, --delay)");
            }
            byKey.put(arg.substring(0, arg.indexOf('=')), arg);
        }
        return List.copyOf(byKey.values());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
