package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rate that broke while a request cost the service more CPU than in a step that held after it broke on a service
 * not yet as warm: it runs once more, and the ladder then goes by that run. The figures are spring-petclinic's
 * (docs/results/ceilings-real-services/README.md, sets 10 and 11).
 */
class StaleBreakTest {

    private final RateLadder ladder = new RateLadder(449, 2, CeilingSearch.SAFETY_MAX_RATE);

    @Test
    void a_rate_that_broke_before_the_service_got_cheaper_runs_once_more() {
        // Set 11, pair 2: 449 req/s broke at 3.44 ms a request; 225 held at 3.63 (no cheaper), then 337 at 2.86.
        List<CeilingSearch.Step> steps = List.of(step(449, false, 3.44), step(225, true, 3.63));
        assertThat(CeilingSearch.staleBreak(steps)).isEmpty();

        List<CeilingSearch.Step> cheaper = List.of(step(449, false, 3.44), step(225, true, 3.63),
                step(337, true, 2.86));
        assertThat(CeilingSearch.staleBreak(cheaper)).hasValue(449);
    }

    @Test
    void the_ladder_goes_by_the_second_run_and_a_rate_runs_again_once() {
        CeilingSearch.Step stale = step(449, false, 3.44);
        CeilingSearch.Step held = step(449, true, 2.30);
        List<CeilingSearch.Step> heldThen = List.of(stale, step(225, true, 3.63), step(337, true, 2.86), held);

        assertThat(CeilingSearch.deciding(heldThen)).extracting(RateLadder.Rung::rate).containsExactly(225.0, 337.0,
                449.0);
        assertThat(CeilingSearch.staleBreak(heldThen)).isEmpty();
        // It held: the ladder climbs from it, x1.25.
        assertThat(ladder.next(CeilingSearch.deciding(heldThen))).hasValue(561);
        assertThat(CeilingSearch.staleBreakNote(heldThen, held))
                .isEqualTo(" (run again: it had broken at 3.44 ms of CPU a request, and 337 req/s held since at "
                        + "2.86 ms)");
        assertThat(CeilingSearch.staleBreakNote(heldThen, stale)).isEmpty();

        // Broken once more, even at a higher cost than a step since: not a third time.
        List<CeilingSearch.Step> brokeAgain = List.of(stale, step(225, true, 3.63), step(337, true, 2.86),
                step(449, false, 3.40), step(393, true, 2.50));
        assertThat(CeilingSearch.staleBreak(brokeAgain)).isEmpty();
    }

    @Test
    void a_break_at_the_cost_of_the_steps_held_around_it_stands() {
        // Set 10, pair 2: 466 broke at 3.36 ms, the steps held after it cost 4.04, 3.45 and 3.47.
        assertThat(CeilingSearch.staleBreak(List.of(step(466, false, 3.36), step(233, true, 4.04),
                step(350, true, 3.45), step(408, true, 3.47)))).isEmpty();
        // A step held before the break is no sign the service got cheaper since: 606 held at 2.54, 644 broke at 2.90.
        assertThat(CeilingSearch.staleBreak(List.of(step(606, true, 2.54), step(644, false, 2.90)))).isEmpty();
        // A break whose CPU was not read (its meters queued) is not judged.
        assertThat(CeilingSearch.staleBreak(List.of(step(928, false, null), step(464, true, 1.89)))).isEmpty();
    }

    private static CeilingSearch.Step step(double rate, boolean held, Double cpuMs) {
        List<MeterCeiling> ceilings = cpuMs == null ? null : List.of(new MeterCeiling(MeterCeiling.Kind.CPU,
                "process", 2, cpuMs / 1000, StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test"));
        return new CeilingSearch.Step(rate, rate, held ? 20 : 1200, 0, held, held ? List.of() : List.of("p99"),
                false, null, null, null, null, ceilings, null);
    }
}
