package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads.Answers;
import dev.vtlab.application.port.out.IndependentReads.Read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.IntPredicate;

/**
 * What the ways of fanning out share: the check of their reads, how their answers are put together, how a
 * branch's failure reaches the caller, and which branch a deadline names. Public for
 * the one fan-out in a module of its own (the structured one, on JDK 25's preview API), which uses it as the others do.
 */
public final class Branches {

    private Branches() {
    }

    /** At least one read, and no branch name twice (answers are kept by name). */
    public static void requireDistinct(List<Read<?>> reads) {
        if (reads.isEmpty()) {
            throw new IllegalArgumentException("a fan-out needs at least one read");
        }
        Set<String> names = new HashSet<>();
        for (Read<?> read : reads) {
            if (!names.add(read.branch())) {
                throw new IllegalArgumentException("branch " + read.branch() + " given twice");
            }
        }
    }

    /** The port's answer: each branch's value by its name, and its run, in the order the reads were given. */
    public static Answers answers(List<BranchRecorder.Ran> answered) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<BranchRun> runs = new ArrayList<>();
        for (BranchRecorder.Ran ran : answered) {
            values.put(ran.run().branch(), ran.value());
            runs.add(ran.run());
        }
        return new Answers(values, List.copyOf(runs));
    }

    /**
     * The deadline's failure as the port names it: the first branch, in the order the reads were given, that had not
     * answered; empty when every one answered between the deadline and this check (the answers are then there).
     *
     * @param answered whether the branch at an index of {@code reads} has answered
     */
    public static Optional<BranchTimedOutException> firstLate(List<Read<?>> reads, IntPredicate answered,
                                                              Duration deadline) {
        for (int i = 0; i < reads.size(); i++) {
            if (!answered.test(i)) {
                return Optional.of(new BranchTimedOutException(reads.get(i).branch(), deadline));
            }
        }
        return Optional.empty();
    }

    /**
     * A branch's failure as the port names it: each branch's failure already is a {@code BranchFailedException} (the
     * recorder makes it so), thrown as it is, whether it comes bare (a structured scope's) or wrapped in the
     * {@code CompletionException} a future's {@code join} adds.
     */
    public static RuntimeException named(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new IllegalStateException("a branch of the fan-out failed", cause);
    }
}
