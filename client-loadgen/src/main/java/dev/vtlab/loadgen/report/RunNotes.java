package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.labclient.ServerThreads;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The findings' notes, one sentence each: where this environment differs from the article's (the common pool's
 * parallelism, and what {@code supplyAsync} without an executor ran on), and what limited a run besides the
 * server (lost writes, the kernel's listen queue, a client slow to send its burst). Pinning has a section of its
 * own ({@link Pinning}).
 */
final class RunNotes {

    /** The article's machine: 20 hardware threads, so common-pool parallelism 19. */
    static final int ARTICLE_PARALLELISM = 19;

    private RunNotes() {
    }

    static List<String> of(List<RunRecord> runs) {
        List<String> notes = new ArrayList<>();
        runs.stream().map(r -> r.summary().server().serverEnvironment()).filter(e -> e != null).findFirst().ifPresent(env -> {
            int parallelism = env.commonPoolParallelism();
            if (parallelism != ARTICLE_PARALLELISM) {
                notes.add(String.format(Locale.ROOT, "The server's common-pool parallelism is %d (%d cores, JDK %s); "
                                + "the article's machine had 20 hardware threads, so %d. Where W or R is off, "
                                + "supplyAsync without an executor depends on it: rerun with "
                                + "--common-pool-parallelism %d to reproduce the article's machine.",
                        parallelism, env.availableProcessors(), env.javaVersion(),
                        ARTICLE_PARALLELISM, ARTICLE_PARALLELISM));
            }
        });
        defaultAsyncPool(runs).ifPresent(notes::add);
        for (RunRecord run : runs) {
            RunSummary s = run.summary();
            if (s.writes().lost()) {
                notes.add(String.format(Locale.ROOT, "%s %s: %d lost writes (visits saved %d, successes %d).",
                        run.mode(), run.flags(), s.writes().lostWrites(), s.writes().visitsSaved(), s.outcome().succeeded() + s.writes().warmupSucceeded()));
            }
            if (s.client().kernelQueueTrouble()) {
                notes.add(String.format(Locale.ROOT, "%s %s: the kernel's listen queue overflowed or SYNs were "
                        + "retransmitted during the burst %s.", run.mode(), run.flags(), s.client().kernelDelta()));
            }
            if (s.outcome().wallTimeMs() > 0 && s.outcome().sendSpreadMs() > 0.25 * s.outcome().latency().p50Ms() && s.outcome().sendSpreadMs() > 100) {
                notes.add(String.format(Locale.ROOT, "%s %s: the client took %.0f ms to send the whole burst "
                                + "(p50 %.0f ms): the client itself may have limited this result.",
                        run.mode(), run.flags(), s.outcome().sendSpreadMs(), s.outcome().latency().p50Ms()));
            }
        }
        return notes;
    }

    /** What supplyAsync without an executor ran on, read from the thread placement of a run with W or R off. */
    private static Optional<String> defaultAsyncPool(List<RunRecord> runs) {
        for (RunRecord run : runs) {
            ServerThreads threads = run.summary().server().serverThreads();
            ServerEnvironment env = run.summary().server().serverEnvironment();
            if (threads == null || env == null || run.mode() != Mode.ASYNC || run.combination().r()) {
                continue;
            }
            for (ServerThreads.Pool pool : threads.pools(ServerLayer.REPOSITORY_COUNT)) {
                String name = pool.pool();
                int parallelism = env.commonPoolParallelism();
                if (name.startsWith("Thread-")) {
                    return Optional.of(String.format(Locale.ROOT, "With R off, the repository's supplyAsync ran on "
                            + "a new platform thread per task (pool 'Thread-'): JDK %s does this when the common "
                            + "pool's parallelism is %d.", env.javaVersion(), parallelism));
                }
                if (name.startsWith("ForkJoinPool.commonPool") && parallelism == 1) {
                    return Optional.of(String.format(Locale.ROOT, "With R off, the repository's supplyAsync ran on "
                            + "the common pool although its parallelism is 1: JDK %s does not start a thread per task "
                            + "there (JDK 17 does), so every blocking call queues behind one worker.",
                            env.javaVersion()));
                }
            }
        }
        return Optional.empty();
    }

}
