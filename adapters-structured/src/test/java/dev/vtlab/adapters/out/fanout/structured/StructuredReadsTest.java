package dev.vtlab.adapters.out.fanout.structured;

import dev.vtlab.adapters.out.fanout.ReadsAtOnce;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads.Answers;
import dev.vtlab.application.port.out.IndependentReads.Read;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The structured fan-out, as IndependentReadsTest checks the other two: the answers, the failed or late branch
 * named, and what sets it apart, that no branch is still running when it returns (checked at once, no waiting). No
 * duration is asserted: running at once is shown by a barrier the three must reach together, a deadline by a branch
 * that is held past it.
 */
class StructuredReadsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final String KEY = "requestId";

    private final ThreadFactory threads = Thread.ofVirtual().name("branch-", 1).factory();

    @AfterEach
    void clear() {
        MDC.remove(KEY);
    }

    private static Read<String> read(String branch) {
        return new Read<>(branch, () -> branch + "!");
    }

    /** A branch held until the test releases it, noting whether it was interrupted and that it ended. */
    private record Held(Read<String> read, CountDownLatch started, AtomicBoolean interrupted, AtomicBoolean ended) {

        static Held named(String branch, CountDownLatch release) {
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean interrupted = new AtomicBoolean();
            AtomicBoolean ended = new AtomicBoolean();
            return new Held(new Read<>(branch, () -> {
                started.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                } finally {
                    ended.set(true);
                }
                return "late";
            }), started, interrupted, ended);
        }
    }

    @Test
    void the_reads_run_at_once_each_on_a_thread_of_the_factory_and_answer_in_the_order_given() {
        List<Read<?>> reads = ReadsAtOnce.of("a", "b", "c");

        Answers answers = new StructuredReads(threads, DEADLINE, KEY).readAll(reads);

        assertThat(answers.values()).containsExactly(Map.entry("a", "a!"), Map.entry("b", "b!"), Map.entry("c", "c!"));
        assertThat(answers.runs()).extracting(BranchRun::branch).containsExactly("a", "b", "c");
        assertThat(answers.runs()).extracting(BranchRun::thread).doesNotHaveDuplicates()
                .allMatch(name -> name.startsWith("branch-"));
        assertThat(answers.runs()).extracting(BranchRun::virtual).containsOnly(true);
    }

    @Test
    void a_failure_names_its_branch_and_the_sibling_still_running_is_interrupted_and_over_before_the_answer() {
        CountDownLatch release = new CountDownLatch(1);
        Held held = Held.named("b", release);
        Read<String> failing = new Read<>("a", () -> {
            try {
                held.started().await(10, TimeUnit.SECONDS); // fails once its sibling is surely running
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted", e);
            }
            throw new IllegalStateException("a store down");
        });

        BranchFailedException failure;
        try {
            failure = catchThrowableOfType(BranchFailedException.class,
                    () -> new StructuredReads(threads, DEADLINE, KEY).readAll(List.of(failing, held.read())));
        } finally {
            release.countDown();
        }

        assertThat(failure.branch()).isEqualTo("a");
        assertThat(failure).hasMessageContaining("a store down").hasRootCauseInstanceOf(IllegalStateException.class);
        assertThat(held.interrupted()).as("the scope interrupted the sibling").isTrue();
        assertThat(held.ended()).as("the sibling ended before readAll returned").isTrue();
    }

    @Test
    void past_the_deadline_it_names_the_late_branch_which_is_interrupted_and_over_before_the_answer() {
        CountDownLatch release = new CountDownLatch(1);
        Held held = Held.named("b", release);

        BranchTimedOutException late;
        try {
            // long enough for the three forks to be made before it (a fork after the deadline would not run)
            late = catchThrowableOfType(BranchTimedOutException.class,
                    () -> new StructuredReads(threads, Duration.ofMillis(500), KEY).readAll(
                            List.of(read("a"), held.read(), read("c"))));
        } finally {
            release.countDown();
        }

        assertThat(late.branch()).isEqualTo("b");
        assertThat(late).hasMessageContaining("deadline of 500 ms");
        assertThat(held.interrupted()).as("the scope interrupted the late branch").isTrue();
        assertThat(held.ended()).as("the late branch ended before readAll returned").isTrue();
    }

    @Test
    void a_factory_that_makes_no_thread_fails_the_fan_out_naming_the_branch() {
        BranchFailedException failure = catchThrowableOfType(BranchFailedException.class,
                () -> new StructuredReads(task -> null, DEADLINE, KEY).readAll(List.of(read("a"), read("b"))));

        assertThat(failure.branch()).isEqualTo("a");
    }

    @Test
    void the_factorys_threads_do_not_carry_the_callers_logging_context_by_themselves() {
        MDC.put(KEY, "req-42");

        Answers answers = new StructuredReads(threads, DEADLINE, KEY).readAll(List.of(read("a"), read("b")));

        // Carrying it is the composition root's, through the factory it hands over (RequestIdInBranchLogLinesTest).
        assertThat(answers.runs()).extracting(BranchRun::requestId).containsOnlyNulls();
    }

    @Test
    void a_branch_name_given_twice_is_refused() {
        assertThat(catchThrowableOfType(IllegalArgumentException.class,
                () -> new StructuredReads(threads, DEADLINE, KEY).readAll(List.of(read("a"), read("a")))))
                .hasMessageContaining("branch a given twice");
    }
}
