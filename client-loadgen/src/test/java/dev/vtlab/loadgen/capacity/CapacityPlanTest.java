package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.ExperimentPlan;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Each mode off, with the flag it waits on, and with T on as the control: 11 runs on 5 servers. */
class CapacityPlanTest {

    @Test
    void each_mode_is_measured_off_with_its_waiting_flag_and_with_t() {
        ExperimentPlan plan = CapacityPlan.of(Mode.visitStyles(), Set.of(Flag.values()));

        assertThat(plan.runCount()).isEqualTo(11);
        assertThat(plan.servers()).containsExactly(
                java.util.Map.entry(Combination.parse("T0 A0 W0 R0"), Mode.visitStyles()),
                java.util.Map.entry(Combination.parse("T0 A0 W0 R1"), List.of(Mode.ASYNC)),
                java.util.Map.entry(Combination.parse("T0 A0 W1 R0"), List.of(Mode.WRAPPED)),
                java.util.Map.entry(Combination.parse("T0 A1 W0 R0"), List.of(Mode.CALLABLE)),
                java.util.Map.entry(Combination.parse("T1 A0 W0 R0"), Mode.visitStyles()));
    }

    @Test
    void only_the_flags_asked_for_are_turned_on() {
        ExperimentPlan plan = CapacityPlan.of(List.of(Mode.SYNC, Mode.ASYNC), Set.of(Flag.R));

        assertThat(plan.servers().keySet()).containsExactly(Combination.parse("T0 A0 W0 R0"),
                Combination.parse("T0 A0 W0 R1"));
        assertThat(plan.runCount()).isEqualTo(3);
    }
}
