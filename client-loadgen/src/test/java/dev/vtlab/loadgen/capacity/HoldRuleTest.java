package dev.vtlab.loadgen.capacity;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A step holds when p99 <= 1.5 x the floor, nothing failed and 99% of the offered rate completed. */
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
        assertThat(HoldRule.runAgain(100, 98.9, HoldRule.broken(100, 98.9, 2500, 0, 2000))).isTrue();
        assertThat(HoldRule.runAgain(100, 97, HoldRule.broken(100, 97, 2500, 0, 2000))).isTrue();
    }

    @Test
    void a_step_far_short_or_broken_otherwise_is_not_run_again() {
        assertThat(HoldRule.runAgain(100, 96.9, HoldRule.broken(100, 96.9, 2500, 0, 2000))).isFalse();
        assertThat(HoldRule.runAgain(100, 98.9, HoldRule.broken(100, 98.9, 3001, 0, 2000))).isFalse();
        assertThat(HoldRule.runAgain(100, 98.9, HoldRule.broken(100, 98.9, 2500, 1, 2000))).isFalse();
        assertThat(HoldRule.runAgain(100, 100, HoldRule.broken(100, 100, 2500, 0, 2000))).isFalse();
        assertThat(HoldRule.runAgain(100, 99, HoldRule.broken(100, 99, 3001, 0, 2000))).isFalse();
    }
}
