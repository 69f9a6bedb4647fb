package dev.vtlab.application.port.out;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Outgoing port: runs reads that do not depend on one another, the way an adapter chooses (one after the other, or
 * at once on threads it was given), and returns when every one has answered. The use case says which reads are
 * independent by handing them here together; it never starts a thread, never names an executor, and cannot tell
 * which way was chosen: that is the composition root's setting ({@code vtlab.fan-out}).
 */
public interface IndependentReads {

    /**
     * Every read's answer, or the first failure: a {@link BranchFailedException} naming the read that failed, or a
     * {@link BranchTimedOutException} naming the first read still running when the deadline passed. Either way the
     * adapter stops what it can of the other reads.
     *
     * @param reads reads with distinct branch names
     */
    Answers readAll(List<Read<?>> reads);

    /**
     * One read of a fan-out.
     *
     * @param branch its name, as an answer or a failure names it, e.g. {@code visit-count}
     * @param call   the read itself: a call to an outgoing port, which may block
     * @param <T>    what it answers
     */
    record Read<T>(String branch, Supplier<T> call) {

        public Read {
            Objects.requireNonNull(branch, "branch");
            Objects.requireNonNull(call, "call");
        }
    }

    /**
     * What the reads answered, by branch, and where each ran.
     *
     * @param values each branch's answer (a read may answer {@code null})
     * @param runs   each branch's run, in the order the reads were given
     */
    record Answers(Map<String, Object> values, List<BranchRun> runs) {

        /** The answer of {@code read}: of its type, since the adapter stored what its call returned. */
        @SuppressWarnings("unchecked")
        public <T> T of(Read<T> read) {
            if (!values.containsKey(read.branch())) {
                throw new IllegalArgumentException("no answer for branch " + read.branch());
            }
            return (T) values.get(read.branch());
        }
    }
}
