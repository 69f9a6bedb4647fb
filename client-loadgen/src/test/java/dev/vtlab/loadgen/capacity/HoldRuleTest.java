package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.RateSummary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A step holds when p99 <= 1.5 x the floor, nothing failed and 99% of the offered rate completed; a step broken by a
 * stall runs once more.
 */
class HoldRuleTest {

    @Test
    void a_step_at_the_floor_with_nothing_lost_holds() {
        assertThat(HoldRule.broken(100, 99.5, 2999, 0, 2000)).isEmpty();
    }

    @Test
    void each_broken_condition_is_named() {
        assertThat(HoldRule.broken(100, 99, 3001, 0, 2000)).containsExactly("p99 3001 ms > 3000 ms");
        assertThat(HoldRule.broken(100, 99, 2500, 1, 2000)).containsExactly("1 failed");
        assertThat(HoldRule.broken(100, 98.9, 2500, 0, 2000)).containsExactly("completed 98.9 < 99% of 100.0 req/s");
        assertThat(HoldRule.broken(100, 50, 9000, 7, 2000)).hasSize(3);
    }

    @Test
    void a_step_just_short_of_the_completed_share_alone_is_run_again() {
        assertThat(runAgain(98.9, 2500, 0, false)).isTrue();
        assertThat(runAgain(97, 2500, 0, false)).isTrue();
    }

    @Test
    void a_step_whose_latency_came_back_after_a_stall_is_run_again() {
        assertThat(runAgain(98.9, 3001, 0, true)).isTrue();
        assertThat(runAgain(100, 3400, 0, true)).isTrue();
    }

    @Test
    void a_step_far_short_failing_or_with_a_queue_to_its_end_is_not_run_again() {
        assertThat(runAgain(96.9, 2500, 0, false)).isFalse();
        assertThat(runAgain(96.9, 3001, 0, true)).isFalse();
        assertThat(runAgain(98.9, 3001, 0, false)).isFalse();
        assertThat(runAgain(98.9, 2500, 1, true)).isFalse();
        assertThat(runAgain(100, 2500, 0, true)).isFalse();
        assertThat(runAgain(99, 3001, 0, false)).isFalse();
    }

    @Test
    void a_stall_has_passed_when_the_last_second_sending_is_back_within_the_limit_and_below_the_worst() {
        // A stall in the second second (1,094 ms), served on time again by the last (the drain second sends none).
        assertThat(HoldRule.stallPassed(seconds(588, 726, 1094, 670, 613, 585), 500)).isTrue();
        // A queue past a pool's ceiling: the latency grows to the step's end, within the limit or not.
        assertThat(HoldRule.stallPassed(seconds(503, 561, 618, 677, 737, 794), 500)).isFalse();
        assertThat(HoldRule.stallPassed(seconds(516, 663, 817, 971, 1125, 1281), 500)).isFalse();
        // Back below the worst second, but not within the limit.
        assertThat(HoldRule.stallPassed(seconds(600, 638, 1164, 1092, 1374, 897, 700), 500)).isFalse();
        // Too short to tell.
        assertThat(HoldRule.stallPassed(seconds(900, 500), 500)).isFalse();
        // Nothing ended in the last second of sending: a stall that had not passed.
        List<RateSummary.Second> stalledToTheEnd = new ArrayList<>(seconds(588, 1094, 0, 0));
        stalledToTheEnd.set(2, new RateSummary.Second(2, 3000, 3000, 0, 0, 0, 0, 4500, null, null, null, null, null));
        assertThat(HoldRule.stallPassed(stalledToTheEnd, 500)).isFalse();
    }

    @Test
    void on_a_few_milliseconds_page_a_stall_has_passed_when_the_latency_is_back_within_the_queues_margin() {
        // A 3 ms page: a stall of 150 ms mid-step, then 12 ms again by the end (4 times the floor, far within 103).
        assertThat(HoldRule.stallPassedByAQueue(seconds(10, 150, 40, 12, 0), 3)).isTrue();
        // By the floor alone (1.5 x 3 ms) it never came back: that step was never run again.
        assertThat(HoldRule.stallPassed(seconds(10, 150, 40, 12, 0), 3)).isFalse();
        // A queue past the knee grows to the end of the step, past the margin: no stall.
        assertThat(HoldRule.stallPassedByAQueue(seconds(10, 150, 600, 1833, 0), 3)).isFalse();
    }

    @Test
    void a_services_step_breaks_on_latency_only_as_a_queue_does_never_on_a_few_milliseconds_of_jitter() {
        // A 5 ms page: a p99 of 12 ms is 2.4 x its floor, but 7 ms of jitter, flat through the step: held.
        assertThat(HoldRule.brokenByAQueue(300, 300, 12, 0, 5, seconds(11, 12, 10, 12, 11))).isEmpty();
        // Past the floor by more than the margin: a queue, whatever the seconds say.
        assertThat(HoldRule.brokenByAQueue(300, 300, 240, 0, 5, seconds(11, 12, 10, 12, 11)))
                .containsExactly("p99 240 ms > 105 ms (1.5 x the floor and 100 ms past it)");
        // Within the margin over the step, but grown through it past the margin (a queue begun late): broken.
        assertThat(HoldRule.brokenByAQueue(300, 300, 90, 0, 5, seconds(9, 40, 80, 130, 0)))
                .containsExactly("p99 90 ms > 8 ms and growing through the step past 105 ms");
        // Doubled through the step, but by milliseconds: jitter on a warming page, no queue (petclinic at 405 req/s).
        assertThat(HoldRule.brokenByAQueue(405, 405, 19, 0, 5, seconds(8, 9, 12, 19, 0))).isEmpty();
        // On a 200 ms query the relative limit is the margin: 300 ms either way.
        assertThat(HoldRule.brokenByAQueue(20, 20, 290, 0, 200, seconds(280, 290, 0))).isEmpty();
        // Failures and the completed share break it as they break a capacity step.
        assertThat(HoldRule.brokenByAQueue(100, 95, 6, 2, 5, seconds(6, 6))).containsExactly("2 failed",
                "completed 95.0 < 99% of 100.0 req/s");
    }

    /** A step offered 100 req/s at a floor of 2,000 ms (limit 3,000 ms): does it run again? */
    private static boolean runAgain(double completed, double p99Ms, long failed, boolean stallPassed) {
        return HoldRule.runAgain(100, completed, failed, HoldRule.broken(100, completed, p99Ms, failed, 2000),
                stallPassed);
    }

    /** A step's seconds by their p99s, each but the last sending; the last is the drain. */
    private static List<RateSummary.Second> seconds(double... p99s) {
        List<RateSummary.Second> seconds = new ArrayList<>();
        for (int i = 0; i < p99s.length; i++) {
            int offered = i < p99s.length - 1 ? 3000 : 0;
            seconds.add(new RateSummary.Second(i, offered, offered, 3000, 0, 500, p99s[i], 1500, null, null, null,
                    null, null));
        }
        return seconds;
    }
}
