package dev.vtlab.loadgen.cli;

import dev.vtlab.childprocess.DurationConverter;
import dev.vtlab.loadgen.capacity.CapacityPlan;
import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacityRunner;
import dev.vtlab.loadgen.capacity.CapacitySettings;
import dev.vtlab.loadgen.matrix.ExperimentPlan;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.matrix.MatrixSettings;
import dev.vtlab.loadgen.matrix.OutputFolder;
import dev.vtlab.loadgen.matrix.Profile;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.Variant;
import dev.vtlab.loadgen.report.CapacityReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** Command: the capacity of each placement, stepped up on fresh servers, beside Little's law's prediction. */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
        description = "For each combination where a flag matters (sync T off/on, async R off/on, wrapped W off/on, "
                + "callable A off/on, and T on as the control of the last three), starts a fresh server and offers "
                + "steady rates, stepped up until one no longer holds (p99 <= 1.5 x the floor, nothing failed, 99%% "
                + "completed; a step broken by a stall it recovered from runs once more); reports the highest that "
                + "held beside Little's law's prediction from the server's "
                + "configuration, and writes results.json, report.md, report.html and the charts.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every planned run was searched (a low capacity is a finding)",
                "1:a server did not start or never drained, or the search was interrupted", "2:bad command line"})
public final class CapacityCommand implements Callable<Integer> {

    /** A fresh server's start and its warm-up step: what a run costs beyond its steps. */
    private static final Duration SERVER_START = Duration.ofSeconds(5);
    /**
     * Steps a run usually takes: its warm-up, about four up to a pool's knee and the bisections; a CPU-bound run, which
     * climbs from twice the CPU's ceiling as its warm-up measured it, bisects once more and runs a step or two again,
     * about twelve (the quick profile averaged 8.4 to 8.8 with its warm-ups in its six runs with the stall rule on
     * 2026-11-26, and took 9 min 0 s to 9 min 21 s against the 8 min 40 s this estimates).
     */
    private static final int TYPICAL_STEPS = 9;

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", defaultValue = "quick", converter = ProfileConverter.class,
            description = "quick (the matrix's quick sizes: 250 ms delays, 50 Tomcat threads, 7.5 s async timeout, "
                    + "15 s client timeout; steps of 5 s; about 10 minutes) or seed (1 s delays, Boot's defaults, 60 s "
                    + "client timeout; steps of 10 s). Default: ${DEFAULT-VALUE}.")
    Profile preset;

    @Mixin
    PlanOptions plan;

    @Option(names = "--heap", defaultValue = "512m", converter = HeapSizeConverter.class,
            description = "Server heap, -Xmx; it sets Tomcat's connection bound (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--step-time", converter = DurationConverter.class,
            description = "How long each step offers its rate, warm-up included (default: the profile's, 5s or 10s).")
    Duration stepTime;

    @Option(names = "--bisections", defaultValue = "2", description = "Times the gap between the last rate held "
            + "and the first not held is halved once they are a climbing step apart (default: ${DEFAULT-VALUE}; "
            + "once more where the CPU binds first).")
    int bisections;

    @Option(names = "--max-rate", defaultValue = "6000", description = "The most any step offers, in requests per "
            + "second (default: ${DEFAULT-VALUE}).")
    double maxRate;

    @Mixin
    VariantOptions variants;

    @Mixin
    CoreOptions cores;

    @Option(names = "--out", description = "Report folder (default: target/capacity/<timestamp>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Duration step = stepTime != null ? stepTime : preset == Profile.QUICK ? Duration.ofSeconds(5)
                : Duration.ofSeconds(10);
        if (step.compareTo(Duration.ofSeconds(2)) < 0 || step.compareTo(Duration.ofMinutes(10)) > 0) {
            throw usage("--step-time must be between 2s and 10m, was " + step.toMillis() + "ms");
        }
        if (bisections < 0 || bisections > 6) {
            throw usage("--bisections must be between 0 and 6, was " + bisections);
        }
        if (!(maxRate >= 1) || maxRate > 20_000) {
            throw usage("--max-rate must be between 1 and 20000 requests per second, was " + maxRate);
        }
        ExperimentPlan planned = CapacityPlan.of(plan.modes(), plan.flags());
        List<Variant> chosen = variants.variants();
        Path dir = OutputDirs.choose(spec.commandLine(), out, Path.of("target", "capacity"));
        MatrixSettings.ServerSettings server = new MatrixSettings.ServerSettings(preset.delay(), preset.delay(),
                variants.fanOut(), heap,
                null, preset.serverArgs(), variants.databaseUrl(), variants.serverJar(), variants.downstreamJar(),
                cores.split(spec.commandLine()));
        CapacitySettings.Steps steps = new CapacitySettings.Steps(step, step.dividedBy(5), bisections, maxRate,
                preset.timeout());
        PrintWriter console = spec.commandLine().getOut();
        Duration estimate = SERVER_START.multipliedBy((long) planned.servers().size() * chosen.size())
                .plus(step.multipliedBy((long) TYPICAL_STEPS * planned.runCount() * chosen.size()));
        console.printf(Locale.ROOT, "vtlab capacity: %d runs on %d servers per variant, %d variant(s) %s; steps of %d s"
                        + ", delays %d + %d ms, heap %s; about %s (%d steps a run, more when a knee is far from its "
                        + "prediction); report in %s%n", planned.runCount(), planned.servers().size(), chosen.size(),
                chosen.stream().map(Variant::describe).toList(), step.toSeconds(), preset.delay().toMillis(),
                preset.delay().toMillis(), heap, HumanDuration.of(estimate), TYPICAL_STEPS, dir);
        console.flush();
        boolean complete = true;
        try (OutputFolder folder = OutputDirs.claim(spec.commandLine(), dir)) {
            CoreOptions.pinTheLoadGenerator(server.cores(), spec.commandLine());
            for (Variant variant : chosen) {
                Path variantDir = chosen.size() == 1 ? dir : dir.resolve(variant.label(chosen));
                // Netty has no Callable form: that mode is left out on it, and its report says why.
                List<Mode> modes = variant.webServer().served(plan.modes());
                variant.webServer().leftOut(plan.modes()).forEach(why -> console.printf("%s%n", why));
                CapacitySettings settings = new CapacitySettings(new MatrixSettings(preset, modes, plan.flags(), 1,
                        new MatrixSettings.BurstSettings(0, preset.timeout(), 0), server, variant,
                        new MatrixSettings.OutputSettings(variantDir, CommandLines.of(spec))), steps);
                List<CapacityRun> runs = new CapacityRunner(settings, console, (all, started, finished, interrupted)
                        -> CapacityReport.write(settings, all, started, finished, interrupted))
                        .run(CapacityPlan.of(modes, plan.flags()));
                console.printf("Report: %s%n        %s%n", variantDir.resolve("report.md"),
                        variantDir.resolve("report.html"));
                complete &= runs.stream().allMatch(r -> r.status().equals("OK"));
            }
        }
        console.flush();
        return complete ? 0 : 1;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
