package dev.vtlab.lab;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lab recorder: what the fan-out of {@code /fanout} leaves behind once it has answered its caller (the use case,
 * so the request): how many branches were still running at that moment, and how many reads started after it (only
 * a fan-out that failed or passed its deadline can answer before its reads have ended). And, for every branch, which
 * request id its thread carried as it read: the request's own (the context reached it), none (lost on the way), or
 * another request's (left on a pooled thread by an earlier one). Measured for the way that runs
 * ({@code vtlab.fan-out}), never assumed from it. Thread-safe; each fan-out's own state is behind its own lock.
 */
public final class FanOutAftermath {

    private final LongAdder answered = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder branchesRunningAtTheAnswer = new LongAdder();
    private final LongAdder readsStartedAfterTheAnswer = new LongAdder();
    private final AtomicInteger runningPastTheAnswerNow = new AtomicInteger();
    private final LongAdder branchesWithTheRequestId = new LongAdder();
    private final LongAdder branchesWithNoRequestId = new LongAdder();
    private final LongAdder branchesWithAnotherRequestsId = new LongAdder();

    /**
     * A fan-out begins: its reads report to what this returns, and it reports its answer.
     *
     * @param requestId the id of the request it serves, as its caller's logging context holds it ({@code null}: none)
     */
    FanOut begin(String requestId) {
        return new FanOut(requestId);
    }

    /** Forgets the counts (not the branches running now, which still run). */
    public void reset() {
        answered.reset();
        failed.reset();
        branchesRunningAtTheAnswer.reset();
        readsStartedAfterTheAnswer.reset();
        branchesWithTheRequestId.reset();
        branchesWithNoRequestId.reset();
        branchesWithAnotherRequestsId.reset();
    }

    /** The counts since the last reset, for the way {@code way}. */
    public Snapshot snapshot(String way) {
        return new Snapshot(way, answered.sum(), failed.sum(), branchesRunningAtTheAnswer.sum(),
                readsStartedAfterTheAnswer.sum(), runningPastTheAnswerNow.get(), branchesWithTheRequestId.sum(),
                branchesWithNoRequestId.sum(), branchesWithAnotherRequestsId.sum());
    }

    /** One fan-out: its reads running now, and whether it has answered. */
    final class FanOut {

        private final String requestId;
        private int running;
        private boolean hasAnswered;

        private FanOut(String requestId) {
            this.requestId = requestId;
        }

        /** @param idOnTheBranch the request id the branch's thread carries as it starts to read ({@code null}: none) */
        synchronized void readStarts(String idOnTheBranch) {
            if (idOnTheBranch == null) {
                branchesWithNoRequestId.increment();
            } else if (idOnTheBranch.equals(requestId)) {
                branchesWithTheRequestId.increment();
            } else {
                branchesWithAnotherRequestsId.increment();
            }
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
     * @param way                           the fan-out that runs ({@code vtlab.fan-out})
     * @param answered                      fan-outs that answered, since the last reset
     * @param failed                        of those, the ones that answered a failing branch or the deadline
     * @param branchesRunningAtTheAnswer    branches still running when their fan-out answered: nothing waits for
     *                                      them any more, yet they hold their thread and their downstream call to
     *                                      the end
     * @param readsStartedAfterTheAnswer    reads (downstream calls) started after their fan-out had answered, which
     *                                      only a failure or the deadline allows
     * @param runningPastTheAnswerNow       branches running now whose fan-out has answered (not reset: they run)
     * @param branchesWithTheRequestId      branches whose thread carried their request's id as they read
     * @param branchesWithNoRequestId       branches whose thread carried no request id: the context did not reach
     *                                      them
     * @param branchesWithAnotherRequestsId branches whose thread carried another request's id, left on a pooled
     *                                      thread by an earlier task
     */
    public record Snapshot(String way, long answered, long failed, long branchesRunningAtTheAnswer,
                           long readsStartedAfterTheAnswer, int runningPastTheAnswerNow, long branchesWithTheRequestId,
                           long branchesWithNoRequestId, long branchesWithAnotherRequestsId) {
    }
}
