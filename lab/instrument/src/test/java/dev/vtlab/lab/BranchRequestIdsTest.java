package dev.vtlab.lab;

import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.adapters.out.fanout.CardReads;
import dev.vtlab.adapters.out.fanout.FutureReads;
import dev.vtlab.adapters.out.fanout.SequentialReads;
import dev.vtlab.application.port.out.IndependentReads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab's report of each branch: the thread it read on ({@code /lab/threads}, layer {@code FAN_OUT_BRANCH}) and
 * the request id that thread carried ({@code /lab/fanout}): the request's own, none, or an earlier request's left
 * on a pooled thread. Counted around the adapters as they are, with no context carried: the composition root's
 * wrapping, which carries it, is counted on real servers (bootstrap-tests, lab's server tests).
 */
class BranchRequestIdsTest {

    private static final String KEY = FanOutController.REQUEST_ID_KEY;
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private final LabRecorders recorders = new LabRecorders();
    private final ExecutorService onePooledThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        onePooledThread.shutdownNow();
        MDC.remove(KEY);
    }

    private IndependentReads recorded(IndependentReads fanOut) {
        return recorders.aroundTheFanOut().apply(fanOut);
    }

    private FanOutAftermath.Snapshot counts() {
        return recorders.fanOutAftermath().snapshot("the way under test");
    }

    private ThreadPlacement.LayerPlacement branchThreads() {
        return recorders.placement().snapshot().get(Layer.FAN_OUT_BRANCH);
    }

    @Test
    void branches_on_the_requests_own_thread_carry_its_id_and_the_report_names_that_thread() {
        MDC.put(KEY, "req-own");

        recorded(new SequentialReads(DEADLINE, KEY)).readAll(CardReads.three());

        assertThat(counts()).extracting(FanOutAftermath.Snapshot::branchesWithTheRequestId,
                FanOutAftermath.Snapshot::branchesWithNoRequestId,
                FanOutAftermath.Snapshot::branchesWithAnotherRequestsId).containsExactly(3L, 0L, 0L);
        assertThat(branchThreads().pools()).containsExactly(new ThreadPlacement.PoolCount(
                ThreadSeen.current().pool(), ThreadSeen.current().kind(), 3));
    }

    @Test
    void branches_on_a_pools_threads_as_they_are_carry_no_id() throws Exception {
        MDC.put(KEY, "req-lost");

        recorded(new FutureReads(onePooledThread, DEADLINE, KEY)).readAll(CardReads.three());

        assertThat(counts()).extracting(FanOutAftermath.Snapshot::branchesWithTheRequestId,
                FanOutAftermath.Snapshot::branchesWithNoRequestId,
                FanOutAftermath.Snapshot::branchesWithAnotherRequestsId).containsExactly(0L, 3L, 0L);
        assertThat(branchThreads().platform()).isEqualTo(3);
        String poolThread = onePooledThread.submit(() -> Thread.currentThread().getName()).get(10, TimeUnit.SECONDS);
        assertThat(branchThreads().pools()).extracting(ThreadPlacement.PoolCount::pool)
                .containsExactly(ThreadSeen.poolOf(poolThread));
    }

    @Test
    void a_pooled_thread_left_with_an_earlier_requests_id_is_counted_as_carrying_another() throws Exception {
        // an earlier task put an id in its thread's context and never took it out, as careless code does
        onePooledThread.submit(() -> MDC.put(KEY, "req-earlier")).get(10, TimeUnit.SECONDS);
        MDC.put(KEY, "req-now");

        recorded(new FutureReads(onePooledThread, DEADLINE, KEY)).readAll(CardReads.three());

        assertThat(counts()).extracting(FanOutAftermath.Snapshot::branchesWithTheRequestId,
                FanOutAftermath.Snapshot::branchesWithNoRequestId,
                FanOutAftermath.Snapshot::branchesWithAnotherRequestsId).containsExactly(0L, 0L, 3L);
    }

    @Test
    void a_reset_forgets_the_ids_counted() {
        MDC.put(KEY, "req-own");
        recorded(new SequentialReads(DEADLINE, KEY)).readAll(CardReads.three());

        recorders.fanOutAftermath().reset();

        assertThat(counts().branchesWithTheRequestId()).isZero();
    }
}
