package dev.vtlab.lab;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lab recorder: what the fan-out of {@code /fanout} leaves behind once it has answered its caller (the use case,
 * so the request): how many branches were still running at that moment, and how many reads started after it (only
 * a fan-out that failed or passed its deadline can answer before its reads have ended). Measured for the way that
 * runs ({@code vtlab.fan-out}), never assumed from it. Thread-safe; each fan-out's own state is behind its own lock.
 */
public final class FanOutAftermath {

    private final LongAdder answered = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder branchesRunningAtTheAnswer = new LongAdder();
    private final LongAdder readsStartedAfterTheAnswer = new LongAdder();
    private final AtomicInteger runningPastTheAnswerNow = new AtomicInteger();

    /** A fan-out begins: its reads report to what this returns, and it reports its answer. */
    FanOut begin() {
        return new FanOut();
    }

    /** Forgets the counts (not the branches running now, which still run). */
    public void reset() {
        answered.reset();
        failed.reset();
        branchesRunningAtTheAnswer.reset();
        readsStartedAfterTheAnswer.reset();
    }

    /** The counts since the last reset, for the way {@code way}. */
    public Snapshot snapshot(String way) {
        return new Snapshot(way, answered.sum(), failed.sum(), branchesRunningAtTheAnswer.sum(),
                readsStartedAfterTheAnswer.sum(), runningPastTheAnswerNow.get());
    }

    /** One fan-out: its reads running now, and whether it has answered. */
    final class FanOut {

        private int running;
        private boolean hasAnswered;

        synchronized void readStarts() {
            if (hasAnswered) {
                readsStartedAfterTheAnswer.increment();
                runningPastTheAnswerNow.incrementAndGet();
            }
            running++;
        }

        synchronized void readEnds() {
            running--;
            if (hasAnswered) {
                runningPastTheAnswerNow.decrementAndGet();
            }
        }

        /** @param withAFailure whether it answered with a failure (a branch's, or the deadline's) */
        synchronized void answers(boolean withAFailure) {
            hasAnswered = true;
            answered.increment();
            if (withAFailure) {
                failed.increment();
            }
            branchesRunningAtTheAnswer.add(running);
            runningPastTheAnswerNow.addAndGet(running);
        }
    }

    /**
     * Lab value: {@code /lab/fanout}.
     *
     * @param way                        the fan-out that runs ({@code vtlab.fan-out})
     * @param answered                   fan-outs that answered, since the last reset
     * @param failed                     of those, the ones that answered a failing branch or the deadline
     * @param branchesRunningAtTheAnswer branches still running when their fan-out answered: nothing waits for them
     *                                   any more, yet they hold their thread and their downstream call to the end
     * @param readsStartedAfterTheAnswer reads (downstream calls) started after their fan-out had answered, which
     *                                   only a failure or the deadline allows
     * @param runningPastTheAnswerNow    branches running now whose fan-out has answered (not reset: they run)
     */
    public record Snapshot(String way, long answered, long failed, long branchesRunningAtTheAnswer,
                           long readsStartedAfterTheAnswer, int runningPastTheAnswerNow) {
    }
}
