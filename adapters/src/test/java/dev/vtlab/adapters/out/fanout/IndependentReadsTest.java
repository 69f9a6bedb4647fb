package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.IndependentReads.Answers;
import dev.vtlab.application.port.out.IndependentReads.Read;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.time.Duration;
import java.util.ArrayList;
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
 * The two ways of fanning out, on reads that record where they ran. Nothing here asserts a duration: that the
 * futures run at once is shown by a barrier the three must reach together, a deadline by a branch that is held.
 */
class IndependentReadsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final String KEY = "requestId";

    private final ExecutorService threads = Executors.newFixedThreadPool(3,
            Thread.ofPlatform().name("branch-", 1).factory());
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        threads.shutdownNow();
        MDC.remove(KEY);
    }

    private Read<String> read(String branch) {
        return new Read<>(branch, () -> {
            ran.add(branch);
            return branch + "!";
        });
    }

    private static Read<String> failing(String branch) {
        return new Read<>(branch, () -> {
            throw new IllegalStateException(branch + " store down");
        });
    }

    @Test
    void sequential_runs_the_reads_in_order_on_the_callers_thread() {
        Answers answers = new SequentialReads(DEADLINE, KEY).readAll(List.of(read("a"), read("b"), read("c")));

        assertThat(ran).containsExactly("a", "b", "c");
        assertThat(answers.values()).containsExactly(entry("a", "a!"), entry("b", "b!"), entry("c", "c!"));
        assertThat(answers.runs()).extracting(BranchRun::thread).containsOnly(Thread.currentThread().getName());
    }

    @Test
    void futures_run_the_reads_at_once_each_on_a_thread_of_the_executor() {
        List<Read<?>> reads = ReadsAtOnce.of("a", "b", "c");

        Answers answers = new FutureReads(threads, DEADLINE, KEY).readAll(reads);

        assertThat(answers.runs()).extracting(BranchRun::branch).containsExactly("a", "b", "c");
        assertThat(answers.runs()).extracting(BranchRun::thread).doesNotHaveDuplicates()
                .allMatch(name -> name.startsWith("branch-"));
        assertThat(answers.runs()).extracting(BranchRun::virtual).containsOnly(false);
    }

    @Test
    void sequential_names_the_branch_that_failed_and_starts_no_later_one() {
        BranchFailedException failure = catchThrowableOfType(BranchFailedException.class,
                () -> new SequentialReads(DEADLINE, KEY).readAll(List.of(read("a"), failing("b"), read("c"))));

        assertThat(failure.branch()).isEqualTo("b");
        assertThat(failure).hasMessageContaining("b store down").hasRootCauseInstanceOf(IllegalStateException.class);
        assertThat(ran).containsExactly("a");
    }

    @Test
    void futures_name_the_branch_that_failed_and_a_branch_still_queued_never_runs() {
        // The first branch runs on a thread; the others wait in a queue this test holds, as in a busy pool.
        List<Runnable> queued = new CopyOnWriteArrayList<>();
        AtomicInteger handed = new AtomicInteger();
        BranchFailedException failure = catchThrowableOfType(BranchFailedException.class,
                () -> new FutureReads(task -> {
                    if (handed.getAndIncrement() == 0) {
                        threads.execute(task);
                    } else {
                        queued.add(task);
                    }
                }, DEADLINE, KEY).readAll(List.of(failing("a"), read("b"), read("c"))));

        assertThat(failure.branch()).isEqualTo("a");
        queued.forEach(Runnable::run); // the pool gets to them after the answer: cancelled, they do not read
        assertThat(queued).hasSize(2);
        assertThat(ran).isEmpty();
    }

    @Test
    void sequential_past_the_deadline_names_the_branch_that_ended_late() {
        Read<String> slow = new Read<>("b", () -> {
            sleep(Duration.ofMillis(60));
            return "late";
        });

        BranchTimedOutException late = catchThrowableOfType(BranchTimedOutException.class,
                () -> new SequentialReads(Duration.ofMillis(20), KEY).readAll(List.of(read("a"), slow, read("c"))));

        assertThat(late.branch()).isEqualTo("b");
        assertThat(late).hasMessageContaining("deadline of 20 ms");
        assertThat(ran).containsExactly("a");
    }

    @Test
    void futures_past_the_deadline_name_the_late_branch_which_is_not_interrupted() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        Read<String> held = new Read<>("b", () -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            finished.countDown();
            return "late";
        });

        BranchTimedOutException late;
        try {
            late = catchThrowableOfType(BranchTimedOutException.class,
                    () -> new FutureReads(threads, Duration.ofMillis(50), KEY).readAll(List.of(read("a"), held,
                            read("c"))));
        } finally {
            release.countDown();
        }

        assertThat(late.branch()).isEqualTo("b");
        // CompletableFuture.cancel does not interrupt: the held branch runs on to its end after the answer.
        assertThat(finished.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(interrupted).isFalse();
    }

    @Test
    void each_branch_reports_the_request_id_its_thread_carried() {
        MDC.put(KEY, "req-42");

        Answers sequential = new SequentialReads(DEADLINE, KEY).readAll(List.of(read("a"), read("b")));
        Answers futures = new FutureReads(threads, DEADLINE, KEY).readAll(List.of(read("a"), read("b")));

        assertThat(sequential.runs()).extracting(BranchRun::requestId).containsOnly("req-42");
        // The executor's threads do not carry the caller's logging context: carrying it is the composition root's.
        assertThat(futures.runs()).extracting(BranchRun::requestId).containsOnlyNulls();
    }

    @Test
    void a_branch_name_given_twice_is_refused() {
        IndependentReads reads = new SequentialReads(DEADLINE, KEY);

        assertThat(catchThrowableOfType(IllegalArgumentException.class,
                () -> reads.readAll(List.of(read("a"), read("a"))))).hasMessageContaining("branch a given twice");
    }

    private static java.util.Map.Entry<String, Object> entry(String key, Object value) {
        return java.util.Map.entry(key, value);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
