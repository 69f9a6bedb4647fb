package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.meters.ServiceSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A ceilings step broken by a stall runs once more, as a capacity step does; its second run does not. The steps count
 * a request's CPU against the service's rest as it is after the probe, and keep no more requests in flight than a
 * rate that holds could have, twice over.
 */
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

    @Test
    void the_steps_take_out_the_rest_read_after_the_probe_and_keep_the_heap_and_settings_read_before_it() {
        // Just started, the service spent 0.37 cores at rest on its JIT; after the probe had warmed it, 0.01.
        CeilingSearch.AtRest before = new CeilingSearch.AtRest(0.37, 70e6, 512e6, "tomcat",
                ServiceSettings.bootDefaults("test"), null);
        CeilingSearch.Probe probe = new CeilingSearch.Probe(80, 5, 0, List.of(), before, List.of(), true, 0.01);

        assertThat(probe.restForSteps().idleCores()).isEqualTo(0.01);
        assertThat(probe.restForSteps()).usingRecursiveComparison().ignoringFields("idleCores").isEqualTo(before);
        // A report written before the rest was read again: the steps took the rest before the probe.
        assertThat(new CeilingSearch.Probe(80, 5, 0, List.of(), before, List.of(), true, null).restForSteps())
                .isSameAs(before);
    }

    @Test
    void a_step_keeps_twice_what_a_rate_that_holds_could_have_in_flight_within_its_bound() {
        // A 2 ms page at 1,000 req/s: it holds while its p99 is within 102 ms, so at most 102 in flight; twice that.
        assertThat(CeilingSearch.maxInFlight(1000, 2, 18_000)).isEqualTo(204);
        // A 200 ms page at 5,000 req/s: 1,500 could be in flight within 300 ms, the heap's bound (1,056) binds.
        assertThat(CeilingSearch.maxInFlight(5000, 200, 1056)).isEqualTo(1056);
        assertThat(CeilingSearch.maxInFlight(0.5, 5, 18_000)).isEqualTo(1);
    }

    /** A step at a 500 ms floor (limit 750 ms), nothing failed. */
    private static CeilingSearch.Step step(double offered, double completed, double p99Ms, boolean stallPassed,
                                           CeilingSearch.Step firstRun) {
        List<String> broken = HoldRule.brokenByAQueue(offered, completed, p99Ms, 0, 500, List.of());
        return new CeilingSearch.Step(offered, completed, p99Ms, 0, broken.isEmpty(), broken, stallPassed, null, null,
                null, firstRun, null, null);
    }
}
