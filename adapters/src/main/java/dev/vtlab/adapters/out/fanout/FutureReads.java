package dev.vtlab.adapters.out.fanout;

import dev.vtlab.adapters.out.fanout.BranchRecorder.Ran;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The fan-out on futures ({@code vtlab.fan-out=futures}): each read a {@code CompletableFuture} on the executor
 * it was given (W's, chosen in the composition root, so W decides the threads), the caller waiting until all have
 * answered, one has failed, or the deadline has passed, whichever comes first.
 * <p>
 * On a failure or the deadline the other branches are cancelled: a branch still queued then never runs, but
 * {@code CompletableFuture.cancel} does not interrupt, so a branch already waiting goes on to the end of its wait
 * on its thread after the answer has been sent (what the lab is to count).
 */
public final class FutureReads implements IndependentReads {

    private final Executor executor;
    private final Duration deadline;
    private final BranchRecorder recorder;

    /**
     * @param executor     where each branch runs (the request's context, if it is to reach the branches, is the
     *                     executor's to carry: the composition root wraps it)
     * @param deadline     how long the reads may take together
     * @param requestIdKey the logging context's key for the request id, reported for each branch
     */
    public FutureReads(Executor executor, Duration deadline, String requestIdKey) {
        this.executor = executor;
        this.deadline = deadline;
        this.recorder = new BranchRecorder(requestIdKey);
    }

    @Override
    public Answers readAll(List<Read<?>> reads) {
        Branches.requireDistinct(reads);
        List<CompletableFuture<Ran>> branches = new ArrayList<>();
        CompletableFuture<Void> allOrFirstFailure = new CompletableFuture<>();
        for (Read<?> read : reads) {
            CompletableFuture<Ran> branch;
            try {
                branch = CompletableFuture.supplyAsync(() -> recorder.run(read), executor);
            } catch (RuntimeException refused) { // the executor would not take it (RejectedExecutionException)
                cancel(branches);
                throw new BranchFailedException(read.branch(), refused);
            }
            branch.whenComplete((ran, failure) -> {
                if (failure != null) {
                    allOrFirstFailure.completeExceptionally(failure);
                }
            });
            branches.add(branch);
        }
        CompletableFuture.allOf(branches.toArray(CompletableFuture[]::new))
                .thenRun(() -> allOrFirstFailure.complete(null));
        try {
            allOrFirstFailure.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException late) {
            Optional<BranchTimedOutException> first = Branches.firstLate(reads, i -> branches.get(i).isDone(),
                    deadline);
            if (first.isPresent()) {
                cancel(branches);
                throw first.get();
            }
        } catch (ExecutionException failed) {
            cancel(branches);
            throw Branches.named(failed.getCause());
        } catch (InterruptedException interrupted) {
            cancel(branches);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the fan-out's branches", interrupted);
        }
        return answers(branches);
    }

    private static Answers answers(List<CompletableFuture<Ran>> branches) {
        List<Ran> answered = new ArrayList<>();
        for (CompletableFuture<Ran> branch : branches) {
            try {
                answered.add(branch.join());
            } catch (CompletionException | CancellationException failed) {
                cancel(branches);
                throw Branches.named(failed);
            }
        }
        return Branches.answers(answered);
    }

    /** Cancels what has not finished: a queued branch will not run; a running one is not interrupted. */
    private static void cancel(List<CompletableFuture<Ran>> branches) {
        branches.forEach(branch -> branch.cancel(true));
    }
}
