package dev.vtlab.loadgen.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * compare warms each server with bursts until the CPU a request costs it settles: one burst left round 1 to the JIT
 * (vtlab's Netty /sync 1.13 ms a request in round 1, 0.35 in round 2).
 */
class WarmUntilSettledTest {

    @Test
    void a_server_whose_cpu_a_request_still_falls_gets_another_burst() {
        assertThat(SideBySide.warmed(List.of(2.10))).isFalse();
        assertThat(SideBySide.warmed(List.of(2.10, 1.40))).isFalse();
        assertThat(SideBySide.warmed(List.of(2.10, 1.40, 1.20))).isFalse(); // 14% down
    }

    @Test
    void it_stops_once_a_burst_costs_within_a_tenth_of_the_one_before() {
        assertThat(SideBySide.warmed(List.of(2.10, 1.40, 1.20, 1.12))).isTrue(); // 7% down
    }

    @Test
    void it_stops_after_the_most_bursts_or_at_once_when_the_cpu_cannot_be_read() {
        assertThat(SideBySide.warmed(List.of(1.0, 0.5, 0.25, 0.12, 0.06, 0.03, 0.015, 0.008, 0.004, 0.002)))
                .as("the tenth burst").isTrue();
        assertThat(SideBySide.warmed(List.of(1.0, 0.5, 0.25, 0.12, 0.06, 0.03, 0.015, 0.008, 0.004))).isFalse();
        assertThat(SideBySide.WARM_BURSTS).isEqualTo(10);
        assertThat(SideBySide.warmed(List.of(-1.0))).isTrue();
    }
}
