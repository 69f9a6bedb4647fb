package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.downstream.serving.RunnerWatch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Everything one experiment runs with, recorded in its results.
 *
 * @param profile               the preset the other values came from
 * @param modes                 the modes measured
 * @param flags                 the flags varied (others held off)
 * @param requests              requests per burst
 * @param countDelay            repository count delay
 * @param saveDelay             repository save delay
 * @param timeout               per-request timeout
 * @param warmup                warm-up requests to {@code /sync} on each new server
 * @param repeat                how many times each (combination, mode) is measured
 * @param heap                  server {@code -Xmx}, or {@code null} for the JVM default
 * @param commonPoolParallelism server common-pool parallelism, or {@code null} for the JVM default
 * @param serverArgs            server settings {@code key=value}: the profile's, overridden key by key by
 *                              {@code --server-arg}
 * @param repository            the server's persistence adapter; for {@code http} each server gets a visit store
 * @param guard                 the sleepy repository's guard ({@code vtlab.repository.guard})
 * @param poolSize              the JDBC adapter's pool size ({@code null}: not the JDBC adapter)
 * @param maxConcurrent         the JDBC adapter's bulkhead ({@code null}: none)
 * @param databaseUrl           the database the JDBC adapter uses: {@code null} for an H2 per server, started by
 *                              the matrix; else a JDBC URL (PostgreSQL), prepared per server
 * @param serverJar             the server jar
 * @param downstreamJar         the downstream processes' jar (visit store, database)
 * @param java                  the java launcher for the servers (by default this JVM's)
 * @param outputDir             where the report goes
 * @param commandLine           how the experiment was started
 */
public record MatrixSettings(Profile profile, List<Mode> modes, Set<Character> flags, int requests,
                             Duration countDelay, Duration saveDelay, Duration timeout, int warmup, int repeat,
                             String heap, Integer commonPoolParallelism, List<String> serverArgs, Repository repository,
                             String guard, Integer poolSize, Integer maxConcurrent, String databaseUrl,
                             Path serverJar, Path downstreamJar, String java, Path outputDir, String commandLine) {

    /** The same experiment for one variant (adapter, server JDK, guard, pool), reported in its own folder. */
    public MatrixSettings with(Variant variant, Path otherOutputDir) {
        return new MatrixSettings(profile, modes, flags, requests, countDelay, saveDelay, timeout, warmup, repeat,
                heap, commonPoolParallelism, serverArgs, variant.repository(), variant.guard(), variant.poolSize(),
                variant.maxConcurrent(), databaseUrl, serverJar, downstreamJar, variant.jdk().java().toString(),
                otherOutputDir, commandLine);
    }

    /**
     * JVM options for each server: a server out of heap exits (the runner reports it) instead of hanging, and a
     * server whose runner is gone (even killed with SIGKILL) exits too.
     */
    List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-XX:+ExitOnOutOfMemoryError", RunnerWatch.optionForChildren()));
        if (heap != null) {
            options.add("-Xmx" + heap);
        }
        if (commonPoolParallelism != null) {
            options.add("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + commonPoolParallelism);
        }
        return options;
    }

    /** How many runs the plan takes with this many repeats. */
    public int runCount(ExperimentPlan plan) {
        return plan.runCount() * repeat;
    }

    /** Server arguments for one combination. */
    List<String> serverArgs(Combination combination) {
        List<String> args = new ArrayList<>(combination.serverArgs());
        args.add("--vtlab.repository.kind=" + repository.label());
        if (repository == Repository.SLEEPY) {
            args.add("--vtlab.repository.guard=" + guard);
        }
        if (repository == Repository.JDBC) {
            args.add("--vtlab.repository.pool-size=" + poolSize);
            if (maxConcurrent != null) {
                args.add("--vtlab.repository.max-concurrent=" + maxConcurrent);
            }
        }
        args.add("--vtlab.repository.count-delay=" + countDelay.toMillis() + "ms");
        args.add("--vtlab.repository.save-delay=" + saveDelay.toMillis() + "ms");
        serverArgs.forEach(arg -> args.add("--" + arg));
        return args;
    }
}
