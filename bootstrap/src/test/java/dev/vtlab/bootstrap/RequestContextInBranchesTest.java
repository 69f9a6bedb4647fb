package dev.vtlab.bootstrap;

import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.adapters.out.fanout.CardReads;
import dev.vtlab.adapters.out.fanout.FutureReads;
import dev.vtlab.application.port.out.BranchRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request's id in every branch of the futures fan-out: lost on the executor's threads as they are, carried by
 * the composition root's one wrapping (Micrometer's context-propagation), and never left behind on a pooled thread.
 * The structured fan-out's threads come from the root's thread factory, wrapped the same way: each thread carries
 * the id of the thread that asked for it, the scope's owner as it forks.
 */
class RequestContextInBranchesTest {

    private static final String KEY = FanOutController.REQUEST_ID_KEY;
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    /** Two threads for three branches: a thread serves a second branch, as a pool's threads serve many requests. */
    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        pool.shutdownNow();
        MDC.remove(KEY);
    }

    @Test
    void without_the_wrapping_the_branches_lose_the_request_id() {
        MDC.put(KEY, "req-lost");

        List<BranchRun> runs = new FutureReads(pool, DEADLINE, KEY).readAll(CardReads.three()).runs();

        assertThat(runs).extracting(BranchRun::requestId).containsOnlyNulls();
    }

    @Test
    void with_the_composition_roots_wrapping_every_branch_carries_it() {
        MDC.put(KEY, "req-carried");

        List<BranchRun> runs = new FutureReads(CompositionRoot.carryingTheRequestContext(pool), DEADLINE, KEY)
                .readAll(CardReads.three()).runs();

        assertThat(runs).hasSize(3).extracting(BranchRun::requestId).containsOnly("req-carried");
    }

    @Test
    void a_pooled_thread_keeps_no_id_of_an_earlier_request() {
        FutureReads reads = new FutureReads(CompositionRoot.carryingTheRequestContext(pool), DEADLINE, KEY);
        MDC.put(KEY, "req-earlier");
        reads.readAll(CardReads.three());
        MDC.remove(KEY);

        List<BranchRun> runs = reads.readAll(CardReads.three()).runs();

        assertThat(runs).extracting(BranchRun::requestId).containsOnlyNulls();
    }

    @Test
    void the_roots_thread_factory_gives_each_thread_the_id_of_the_thread_that_asked_for_it()
            throws InterruptedException {
        ThreadFactory threads = CompositionRoot.carryingTheRequestContext(Thread.ofVirtual().factory());
        AtomicReference<String> seen = new AtomicReference<>("not run");
        MDC.put(KEY, "req-forked");
        Thread branch = threads.newThread(() -> seen.set(MDC.get(KEY)));
        MDC.remove(KEY); // the asking thread moves on: the branch keeps what it was given as it was made

        branch.start();

        assertThat(branch.join(Duration.ofSeconds(10))).as("the branch ended within 10 s").isTrue();
        assertThat(seen).hasValue("req-forked");
    }
}
