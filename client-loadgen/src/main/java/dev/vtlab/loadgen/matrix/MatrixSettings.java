package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.redaction.Secrets;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.util.StdConverter;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Everything one experiment (one variant's flag matrix) runs with, recorded in its results: what is varied and how
 * often, then one record per concern. In {@code results.json} the parts' fields sit side by side under
 * {@code settings}.
 *
 * @param profile the preset the other values came from
 * @param modes   the modes measured
 * @param flags   the flags varied (others held off)
 * @param repeat  how many times each (combination, mode) is measured
 * @param burst   what each run fires
 * @param server  how each server, and the downstream behind it, is started
 * @param variant the adapter, JDK, guard and pool of this experiment
 * @param output  where its report goes, and the command that started it
 */
public record MatrixSettings(Profile profile, List<Mode> modes, Set<Flag> flags, int repeat,
                             @JsonUnwrapped BurstSettings burst, @JsonUnwrapped ServerSettings server,
                             @JsonUnwrapped Variant variant, @JsonUnwrapped OutputSettings output) {

    /**
     * What each run fires.
     *
     * @param requests requests per burst
     * @param timeout  per-request timeout
     * @param warmup   warm-up requests to {@code /sync} on each new server
     */
    public record BurstSettings(int requests, Duration timeout, int warmup) {
    }

    /**
     * How each server, and the downstream process behind it, is started.
     *
     * @param countDelay            the repository's count delay, and each of {@code /fanout}'s reads' wait
     * @param saveDelay             the repository's save delay
     * @param fanOut                how {@code /fanout} runs its reads ({@code vtlab.fan-out})
     * @param heap                  server {@code -Xmx}, or {@code null} for the JVM default
     * @param commonPoolParallelism server common-pool parallelism, or {@code null} for the JVM default
     * @param serverArgs            server settings {@code key=value}: the profile's, overridden key by key by
     *                              {@code --server-arg}
     * @param databaseUrl           the database the JDBC adapter uses: {@code null} for an H2 per server, started
     *                              by the matrix; else a JDBC URL (PostgreSQL), prepared per server. Given to the
     *                              children as it is; written to results with its credentials hidden
     * @param serverJar             the server jar
     * @param downstreamJar         the downstream processes' jar (visit store, database)
     * @param cores                 the server's and the load generator's cores when apart ({@code --server-cores}),
     *                              or {@code null} when they share every core
     */
    public record ServerSettings(Duration countDelay, Duration saveDelay, FanOutWay fanOut, String heap, Integer commonPoolParallelism,
                                 List<String> serverArgs,
                                 @JsonSerialize(converter = Redacted.class) String databaseUrl,
                                 Path serverJar, Path downstreamJar, CoreSplit cores) {

        /** The command that starts {@code java} for a server or a downstream process: on the server's cores. */
        List<String> launcher(String java) {
            return cores == null ? List.of(java) : cores.launcher(java);
        }

        /**
         * JVM options for each server: a server out of heap exits (the runner reports it) instead of hanging; on
         * cores of its own, the collector it has on every core ({@link CoreSplit#SAME_COLLECTOR}).
         */
        List<String> jvmOptions() {
            List<String> options = new ArrayList<>(List.of("-XX:+ExitOnOutOfMemoryError"));
            options.addAll(fanOut.jvmOptions());
            if (cores != null) {
                options.add(CoreSplit.SAME_COLLECTOR);
            }
            if (heap != null) {
                options.add("-Xmx" + heap);
            }
            if (commonPoolParallelism != null) {
                options.add("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + commonPoolParallelism);
            }
            return options;
        }
    }

    /**
     * Where the report goes.
     *
     * @param outputDir   the report's folder
     * @param commandLine how the experiment was started
     */
    public record OutputSettings(Path outputDir, String commandLine) {
    }

    /** How a results file writes a text that may carry credentials: through {@link Secrets#redact}. */
    static final class Redacted extends StdConverter<String, String> {
        @Override
        public String convert(String text) {
            return Secrets.redact(text);
        }
    }

    /** Where the report goes. */
    public Path outputDir() {
        return output.outputDir();
    }

    /**
     * The server settings {@link #serverArgs} sets from the runner's own options (the flags, the repository, its
     * pool, bulkhead, guard and delays, the web server and Boot's switch, the fan-out's way and its reads' delays): a {@code --server-arg} must not set them a
     * second time. A name ending in a
     * dot stands for every key under it.
     */
    private static final List<String> SET_BY_THE_RUNNER = List.of("vtlab.virtual-threads.", "vtlab.repository.kind",
            "vtlab.web-server", "spring.threads.virtual.enabled",
            "vtlab.repository.url", "vtlab.repository.pool-size", "vtlab.repository.max-concurrent",
            "vtlab.repository.guard", "vtlab.repository.count-delay", "vtlab.repository.save-delay",
            "vtlab.fan-out", "vtlab.fan-out.visit-count-delay", "vtlab.fan-out.last-visit-delay",
            "vtlab.fan-out.recommendation-delay");

    /** Whether the runner sets {@code key} itself ({@link #SET_BY_THE_RUNNER}). */
    public static boolean setByTheRunner(String key) {
        return SET_BY_THE_RUNNER.stream().anyMatch(k -> k.endsWith(".") ? key.startsWith(k) : key.equals(k));
    }

    /** Server arguments for one combination. */
    List<String> serverArgs(Combination combination) {
        List<String> args = new ArrayList<>(combination.serverArgs());
        args.add("--vtlab.repository.kind=" + variant.repository().label());
        args.addAll(variant.webServer().serverArgs());
        if (variant.repository() == RepositoryKind.SLEEPY) {
            args.add("--vtlab.repository.guard=" + variant.guard().label());
        }
        if (variant.repository() == RepositoryKind.JDBC) {
            args.add("--vtlab.repository.pool-size=" + variant.poolSize());
            if (variant.maxConcurrent() != null) {
                args.add("--vtlab.repository.max-concurrent=" + variant.maxConcurrent());
            }
        }
        args.add("--vtlab.repository.count-delay=" + server.countDelay().toMillis() + "ms");
        args.add("--vtlab.repository.save-delay=" + server.saveDelay().toMillis() + "ms");
        args.add("--vtlab.fan-out=" + server.fanOut().label());
        for (String read : List.of("visit-count", "last-visit", "recommendation")) {
            args.add("--vtlab.fan-out." + read + "-delay=" + server.countDelay().toMillis() + "ms");
        }
        server.serverArgs().forEach(arg -> args.add("--" + arg));
        return args;
    }
}
