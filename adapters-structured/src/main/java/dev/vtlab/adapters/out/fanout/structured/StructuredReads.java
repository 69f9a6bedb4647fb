package dev.vtlab.adapters.out.fanout.structured;

import dev.vtlab.adapters.out.fanout.BranchRecorder;
import dev.vtlab.adapters.out.fanout.BranchRecorder.Ran;
import dev.vtlab.adapters.out.fanout.Branches;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.StructuredTaskScope;
import java.util.concurrent.StructuredTaskScope.Joiner;
import java.util.concurrent.StructuredTaskScope.Subtask;
import java.util.concurrent.ThreadFactory;

/**
 * The fan-out as a structured scope ({@code vtlab.fan-out=structured}): JDK 25's preview {@code StructuredTaskScope}
 * (JEP 505), each read forked on a thread of the factory it was given (the composition root's virtual threads,
 * which carry the request's context), the caller waiting until all have answered, one has failed, or the deadline,
 * the scope's timeout, has passed.
 * <p>
 * On a failure or the deadline the scope cancels the other branches: it interrupts those still running and, as it
 * closes, waits for their threads to end. Unlike the futures, no branch is still running when this returns.
 * <p>
 * The one class that names a preview API: its module is compiled for JDK 25 with {@code --enable-preview}, and the
 * composition root loads it only when it is chosen, on a JDK 25 started with that flag.
 */
public final class StructuredReads implements IndependentReads {

    private final ThreadFactory threads;
    private final Duration deadline;
    private final BranchRecorder recorder;

    /**
     * @param threads      makes the thread of each branch (the request's context, if it is to reach the branches, is
     *                     the factory's to carry: the composition root wraps it)
     * @param deadline     how long the reads may take together: the scope's timeout
     * @param requestIdKey the logging context's key for the request id, reported for each branch
     */
    public StructuredReads(ThreadFactory threads, Duration deadline, String requestIdKey) {
        this.threads = threads;
        this.deadline = deadline;
        this.recorder = new BranchRecorder(requestIdKey);
    }

    @Override
    public Answers readAll(List<Read<?>> reads) {
        Branches.requireDistinct(reads);
        List<Subtask<Ran>> branches = new ArrayList<>();
        // Closing the scope (before any catch below runs) interrupts what still runs and waits for it to end.
        try (var scope = StructuredTaskScope.open(Joiner.<Ran>awaitAllSuccessfulOrThrow(),
                config -> config.withThreadFactory(threads).withTimeout(deadline).withName("fan-out"))) {
            for (Read<?> read : reads) {
                branches.add(fork(scope, read));
            }
            scope.join();
        } catch (StructuredTaskScope.FailedException failed) {
            throw Branches.named(failed.getCause());
        } catch (StructuredTaskScope.TimeoutException late) {
            Optional<BranchTimedOutException> first = Branches.firstLate(reads,
                    i -> branches.get(i).state() == Subtask.State.SUCCESS, deadline);
            if (first.isPresent()) {
                throw first.get();
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the fan-out's branches", interrupted);
        }
        return Branches.answers(branches.stream().map(Subtask::get).toList());
    }

    /** The read forked in the scope; a factory that makes no thread fails the fan-out naming the branch. */
    private Subtask<Ran> fork(StructuredTaskScope<Ran, Void> scope, Read<?> read) {
        try {
            return scope.fork(() -> recorder.run(read));
        } catch (RuntimeException refused) { // RejectedExecutionException: the factory made no thread
            throw new BranchFailedException(read.branch(), refused);
        }
    }
}
