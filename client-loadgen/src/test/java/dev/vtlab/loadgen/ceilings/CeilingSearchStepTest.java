package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.capacity.HoldRule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A ceilings step broken by a stall runs once more, as a capacity step does; its second run does not. */
class CeilingSearchStepTest {

    @Test
    void a_step_broken_by_a_stall_it_recovered_from_runs_once_more_and_its_second_run_does_not() {
        CeilingSearch.Step first = step(100, 99.5, 820, true, null);
        CeilingSearch.Step second = step(100, 100, 540, false, first);

        assertThat(first.runAgain()).isTrue();
        assertThat(second.runAgain()).isFalse();
        assertThat(HoldRule.runsInOrder(List.of(second), CeilingSearch.Step::firstRun))
                .extracting(run -> run.getKey().p99Ms() + run.getValue())
                .containsExactly("820.0; broken by a stall: run once more", "540.0 (run again)");
    }

    @Test
    void a_step_whose_latency_grew_to_its_end_runs_once() {
        assertThat(step(100, 99.5, 820, false, null).runAgain()).isFalse();
    }

    /** A step at a 500 ms floor (limit 750 ms), nothing failed. */
    private static CeilingSearch.Step step(double offered, double completed, double p99Ms, boolean stallPassed,
                                           CeilingSearch.Step firstRun) {
        List<String> broken = HoldRule.brokenByAQueue(offered, completed, p99Ms, 0, 500, List.of());
        return new CeilingSearch.Step(offered, completed, p99Ms, 0, broken.isEmpty(), broken, stallPassed, null, null,
                null, firstRun, null, null);
    }
}
