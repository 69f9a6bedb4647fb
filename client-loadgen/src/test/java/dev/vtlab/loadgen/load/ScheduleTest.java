package dev.vtlab.loadgen.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScheduleTest {

    @Test
    void uniform_request_i_is_due_at_i_over_the_rate() {
        long[] due = new Schedule(4, Duration.ofSeconds(2), Arrivals.UNIFORM, 1).dueNanos();

        assertThat(due).containsExactly(0, 250_000_000, 500_000_000, 750_000_000, 1_000_000_000, 1_250_000_000,
                1_500_000_000, 1_750_000_000);
    }

    @Test
    void a_rate_that_does_not_divide_the_second_keeps_every_due_time_before_the_end() {
        long[] due = new Schedule(3, Duration.ofSeconds(1), Arrivals.UNIFORM, 1).dueNanos();

        assertThat(due).containsExactly(0, 333_333_333, 666_666_667);
    }

    @Test
    void poisson_arrivals_average_the_rate_ascend_and_repeat_with_the_seed() {
        Schedule schedule = new Schedule(1000, Duration.ofSeconds(20), Arrivals.POISSON, 7);
        long[] due = schedule.dueNanos();

        // 20,000 expected; a Poisson count's standard deviation is its square root (141): 5 of them either side.
        assertThat(due.length).isBetween(20_000 - 707, 20_000 + 707);
        assertThat(due).isSorted();
        assertThat(due[due.length - 1]).isLessThan(Duration.ofSeconds(20).toNanos());
        assertThat(schedule.dueNanos()).isEqualTo(due);
        assertThat(new Schedule(1000, Duration.ofSeconds(20), Arrivals.POISSON, 8).dueNanos())
                .isNotEqualTo(due);
        long distinctGaps = java.util.stream.IntStream.range(1, due.length).mapToLong(i -> due[i] - due[i - 1])
                .distinct().count();
        assertThat(distinctGaps).as("gaps vary, unlike uniform arrivals").isGreaterThan(1000);
        assertThat(Arrays.stream(due).min().orElseThrow()).isNotNegative();
    }

    @Test
    void a_rate_must_be_above_zero() {
        assertThatThrownBy(() -> new Schedule(0, Duration.ofSeconds(1), Arrivals.UNIFORM, 1))
                .hasMessage("rate must be above 0, was 0.0");
    }
}
