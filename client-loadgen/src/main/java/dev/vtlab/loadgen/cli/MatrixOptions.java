package dev.vtlab.loadgen.cli;

import dev.vtlab.childprocess.DurationConverter;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.matrix.MatrixExperiment;
import dev.vtlab.loadgen.matrix.MatrixSettings;
import dev.vtlab.loadgen.matrix.Profile;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code matrix} command's options and their validation: {@link #experiment} checks each against the others
 * and the profile's defaults, and refuses a bad one with a usage error naming it (exit 2).
 */
final class MatrixOptions {

    @Option(names = "--profile", defaultValue = "quick", converter = ProfileConverter.class,
            description = "quick (the seed divided by 4: 500 requests, 250 ms delays, 50 Tomcat threads, 7.5 s "
                    + "async timeout, 15 s client timeout, each run twice; under 5 minutes) or seed (2000 requests, "
                    + "1 s delays, Boot's defaults, 60 s client timeout, as in the article). Default: "
                    + "${DEFAULT-VALUE}.")
    Profile profile;

    @Mixin
    PlanOptions plan;

    @Option(names = "--requests", description = "Requests per burst (default: the profile's).")
    Integer requests;

    @Option(names = "--delay", converter = DurationConverter.class,
            description = "Each wait the server makes: the repository's count and save, and each of /fanout's three "
                    + "reads (default: the profile's).")
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

    @Option(names = "--heap", converter = HeapSizeConverter.class,
            description = "Server heap, passed as -Xmx (e.g. 512m; default: the JVM's).")
    String heap;

    @Option(names = "--common-pool-parallelism", description = "Server common-pool parallelism, to reproduce a "
            + "machine with more cores (the article's: 19).")
    Integer commonPoolParallelism;

    @Option(names = "--server-arg", description = "Extra server setting key=value, repeatable "
            + "(e.g. server.tomcat.threads.max=4); overrides the profile's setting of the same key.")
    List<String> serverArgs = new ArrayList<>();

    @Mixin
    VariantOptions variants;

    @Mixin
    CoreOptions cores;

    @Option(names = "--out", description = "Report folder (default: target/experiments/<timestamp>).")
    Path out;

    /** The validated settings, the profile's defaults filled in; the command line is written with them. */
    MatrixExperiment experiment(CommandLine command, String commandLine) {
        int n = requests == null ? profile.requests() : requests;
        if (n <= 0) {
            throw usage(command, "--requests must be at least 1, was " + n);
        }
        int w = warmup == null ? profile.warmup() : warmup;
        if (w < 0) {
            throw usage(command, "--warmup must not be negative, was " + w);
        }
        String tooMany = ClientLimits.ofThisMachine().refusal(n, Math.max(n, w));
        if (tooMany != null) {
            throw usage(command, tooMany);
        }
        Duration d = delay == null ? profile.delay() : delay;
        if (d.compareTo(Duration.ofSeconds(60)) > 0) {
            throw usage(command, "--delay must be at most 60s, was " + d.toSeconds() + "s");
        }
        Duration t = timeout == null ? profile.timeout() : timeout;
        if (t.isZero()) {
            throw usage(command, "--timeout must be above 0");
        }
        if (commonPoolParallelism != null && (commonPoolParallelism < 1 || commonPoolParallelism > 256)) {
            throw usage(command, "--common-pool-parallelism must be between 1 and 256, was " + commonPoolParallelism);
        }
        int r = repeat == null ? profile.repeat() : repeat;
        if (r < 1 || r > 20) {
            throw usage(command, "--repeat must be between 1 and 20, was " + r);
        }
        return new MatrixExperiment(profile, plan.modes(), plan.flags(), r,
                new MatrixSettings.BurstSettings(n, t, w),
                new MatrixSettings.ServerSettings(d, d, variants.fanOut(), heap, commonPoolParallelism, serverSettings(command, profile),
                        variants.databaseUrl(), variants.serverJar(), variants.downstreamJar(),
                        cores.split(command)),
                new MatrixSettings.OutputSettings(
                        OutputDirs.choose(command, out, Path.of("target", "experiments")), commandLine));
    }

    /** The profile's server settings, each overridden by a --server-arg of the same key, then the others. */
    private List<String> serverSettings(CommandLine command, Profile preset) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (String arg : preset.serverArgs()) {
            byKey.put(arg.substring(0, arg.indexOf('=')), arg);
        }
        for (String arg : serverArgs) {
            if (!arg.matches("[a-z][a-z0-9.\\-]*=.*")) {
                throw usage(command, "--server-arg must be key=value, was '" + arg + "'");
            }
            String key = arg.substring(0, arg.indexOf('='));
            if (MatrixSettings.setByTheRunner(key)) {
                throw usage(command, "--server-arg must not set " + key + ": the matrix sets it from its own options "
                        + "(--flags, --repository, --web-server, --database-url, --pool-size, --max-concurrent, --guard, "
                        + "--delay, --fan-out)");
            }
            byKey.put(key, arg);
        }
        return List.copyOf(byKey.values());
    }

    private static ParameterException usage(CommandLine command, String message) {
        return new ParameterException(command, message);
    }
}
