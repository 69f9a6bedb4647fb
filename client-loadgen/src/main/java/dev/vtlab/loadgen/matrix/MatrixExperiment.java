package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code matrix} command line's settings, validated, the same for every variant: what each variant's
 * {@link MatrixSettings} is made from.
 *
 * @param profile the profile the defaults came from
 * @param modes   the modes measured
 * @param flags   the flags varied
 * @param repeat  how many times each (combination, mode) is measured
 * @param burst   each burst
 * @param server  each server
 * @param output  where the report goes, and the command line it prints
 */
public record MatrixExperiment(Profile profile, List<Mode> modes, Set<Flag> flags, int repeat,
                               MatrixSettings.BurstSettings burst, MatrixSettings.ServerSettings server,
                               MatrixSettings.OutputSettings output) {

    private static final String LEAST = "each run and each server's warm-up wait the delays once; server starts and "
            + "slower bursts add to it, the time left is shown from the second run";

    /** The plan: every relevant combination of the flags varied, for the modes measured. */
    public ExperimentPlan plan() {
        return ExperimentPlan.of(modes, flags);
    }

    /** One variant's plan: the modes its web server serves ({@link WebServerSetting#served}). */
    public ExperimentPlan plan(Variant variant) {
        return ExperimentPlan.of(variant.webServer().served(modes), flags);
    }

    /** One variant's settings, its report in {@code dir}. */
    public MatrixSettings forVariant(Variant variant, Path dir) {
        return new MatrixSettings(profile, variant.webServer().served(modes), flags, repeat, burst, server, variant,
                new MatrixSettings.OutputSettings(dir, output.commandLine()));
    }

    /** The line the matrix opens with: how many runs, how long at least, with what. */
    public String banner(List<Variant> variants) {
        // The plan of the variant with the most runs (Netty's leaves out callable, and the banner says so).
        ExperimentPlan plan = variants.stream().map(this::plan)
                .max(Comparator.comparingInt(ExperimentPlan::runCount)).orElseGet(this::plan);
        Duration least = variants.stream().map(variant -> leastDuration(plan(variant))).reduce(Duration.ZERO,
                Duration::plus);
        String leftOut = variants.stream().flatMap(variant -> variant.webServer().leftOut(modes).stream())
                .distinct().map(why -> " (" + why + ")").collect(Collectors.joining());
        return String.format(Locale.ROOT, "vtlab matrix: %d runs (%d combinations x %d repeat(s)) per variant%s, %d "
                        + "variant(s) %s, at least %s (%s); %d requests each, delays %d+%d ms, timeout %d s, "
                        + "server settings %s; report in %s",
                plan.runCount(repeat), plan.runCount(), repeat, leftOut, variants.size(),
                variants.stream().map(Variant::describe).toList(),
                HumanDuration.of(least), LEAST,
                burst.requests(), server.countDelay().toMillis(), server.saveDelay().toMillis(),
                burst.timeout().toSeconds(), server.serverArgs().isEmpty() ? "Boot's defaults" : server.serverArgs(),
                output.outputDir());
    }

    /** What one variant takes at least: each run and each server's warm-up wait the delays once. */
    private Duration leastDuration(ExperimentPlan plan) {
        Duration floor = server.countDelay().plus(server.saveDelay());
        int warmUps = burst.warmup() > 0 ? plan.servers().size() : 0;
        return floor.multipliedBy(plan.runCount(repeat) + warmUps);
    }
}
