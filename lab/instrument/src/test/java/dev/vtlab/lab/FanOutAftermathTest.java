package dev.vtlab.lab;

import dev.vtlab.adapters.out.fanout.FutureReads;
import dev.vtlab.adapters.out.fanout.SequentialReads;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.IndependentReads.Read;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * What each way of fanning out leaves behind a failing branch, as the lab's recorder counts it around the adapter
 * the composition root would make: {@code sequential} starts no read after the failure and leaves none running;
 * {@code futures} answers while its other branches still run, and they run to their end
 * ({@code CompletableFuture.cancel} does not interrupt), while a branch still queued never reads. Latches hold the
 * branches where the count is taken; every wait has a deadline; nothing asserts a duration.
 */
class FanOutAftermathTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final String KEY = "requestId";

    private final LabRecorders recorders = new LabRecorders();
    private final ExecutorService threads = Executors.newFixedThreadPool(3);
    private final List<String> read = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private IndependentReads recorded(IndependentReads fanOut) {
        return recorders.aroundTheFanOut().apply(fanOut);
    }

    private FanOutAftermath.Snapshot counts() {
        return recorders.fanOutAftermath().snapshot("the way under test");
    }

    private Read<String> answering(String branch) {
        return new Read<>(branch, () -> {
            read.add(branch);
            return branch + "!";
        });
    }

    private static Read<String> failingAfter(String branch, CountDownLatch started) {
        return new Read<>(branch, () -> {
            await(started);
            throw new IllegalStateException(branch + " store down");
        });
    }

    /** A branch that says it has started, then waits for the test to release it, and notes how it ended. */
    private Read<String> held(String branch, CountDownLatch started, CountDownLatch release, AtomicInteger ended,
                              AtomicBoolean interrupted) {
        return new Read<>(branch, () -> {
            read.add(branch);
            started.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            ended.incrementAndGet();
            return branch + "!";
        });
    }

    @Test
    void sequential_starts_no_read_after_the_failure_and_leaves_none_running() {
        IndependentReads sequential = recorded(new SequentialReads(DEADLINE, KEY));

        BranchFailedException failure = catchThrowableOfType(BranchFailedException.class, () -> sequential.readAll(
                List.of(answering("a"), failingAfter("b", new CountDownLatch(0)), answering("c"))));

        assertThat(failure.branch()).isEqualTo("b");
        assertThat(read).containsExactly("a");
        assertThat(counts()).isEqualTo(new FanOutAftermath.Snapshot("the way under test", 1, 1, 0, 0, 0, 0, 2, 0));
    }

    @Test
    void futures_answer_the_failure_while_the_other_branches_run_on_to_their_end() throws InterruptedException {
        CountDownLatch othersStarted = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ended = new AtomicInteger();
        AtomicBoolean interrupted = new AtomicBoolean();
        IndependentReads futures = recorded(new FutureReads(threads, DEADLINE, KEY));

        BranchFailedException failure;
        FanOutAftermath.Snapshot atTheAnswer;
        try {
            // "a" fails only once "b" and "c" are running: both are running when the fan-out answers
            failure = catchThrowableOfType(BranchFailedException.class, () -> futures.readAll(List.of(
                    failingAfter("a", othersStarted), held("b", othersStarted, release, ended, interrupted),
                    held("c", othersStarted, release, ended, interrupted))));
            atTheAnswer = counts();
        } finally {
            release.countDown();
        }
        threads.shutdown();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).as("the branches ended").isTrue();

        assertThat(failure.branch()).isEqualTo("a");
        assertThat(atTheAnswer).isEqualTo(new FanOutAftermath.Snapshot("the way under test", 1, 1, 2, 0, 2, 0, 3, 0));
        // cancel did not interrupt them: both read to their end, after the answer, and are no longer running
        assertThat(ended).hasValue(2);
        assertThat(interrupted).isFalse();
        assertThat(counts().runningPastTheAnswerNow()).isZero();
    }

    @Test
    void futures_never_start_a_branch_still_queued_at_the_failure() {
        // The first branch runs on a thread; the others wait in a queue this test holds, as in a busy pool.
        List<Runnable> queued = new CopyOnWriteArrayList<>();
        AtomicInteger handed = new AtomicInteger();
        IndependentReads futures = recorded(new FutureReads(task -> {
            if (handed.getAndIncrement() == 0) {
                threads.execute(task);
            } else {
                queued.add(task);
            }
        }, DEADLINE, KEY));

        catchThrowableOfType(BranchFailedException.class, () -> futures.readAll(List.of(
                failingAfter("a", new CountDownLatch(0)), answering("b"), answering("c"))));
        queued.forEach(Runnable::run); // the pool gets to them after the answer: cancelled, they do not read

        assertThat(queued).hasSize(2);
        assertThat(read).isEmpty();
        assertThat(counts()).isEqualTo(new FanOutAftermath.Snapshot("the way under test", 1, 1, 0, 0, 0, 0, 1, 0));
    }

    @Test
    void an_answer_with_every_read_leaves_nothing_and_a_reset_forgets_the_counts() {
        recorded(new FutureReads(threads, DEADLINE, KEY)).readAll(List.of(answering("a"), answering("b")));

        assertThat(counts()).isEqualTo(new FanOutAftermath.Snapshot("the way under test", 1, 0, 0, 0, 0, 0, 2, 0));
        recorders.fanOutAftermath().reset();
        assertThat(counts().answered()).isZero();
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other branches did not start within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
