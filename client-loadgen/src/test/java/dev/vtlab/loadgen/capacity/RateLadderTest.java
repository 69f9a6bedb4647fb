package dev.vtlab.loadgen.capacity;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;

import static org.assertj.core.api.Assertions.assertThat;

/** The ladder's rates against a server whose capacity is known: climbs by 1.25, then halves the gap. */
class RateLadderTest {

    /** Every rate the ladder offers to a server that holds exactly the rates {@code holds} accepts. */
    private static List<Double> climb(RateLadder ladder, DoublePredicate holds) {
        List<RateLadder.Rung> done = new ArrayList<>();
        for (OptionalDouble next = ladder.next(done); next.isPresent(); next = ladder.next(done)) {
            done.add(new RateLadder.Rung(next.getAsDouble(), holds.test(next.getAsDouble())));
        }
        return done.stream().map(RateLadder.Rung::rate).toList();
    }

    @Test
    void climbs_by_a_quarter_until_a_step_breaks_then_halves_the_gap_twice() {
        List<Double> rates = climb(new RateLadder(60, 2, 4000), rate -> rate <= 100);

        assertThat(rates).containsExactly(60.0, 75.0, 94.0, 118.0, 106.0, 100.0);
    }

    @Test
    void the_sustained_rate_is_the_highest_that_held_and_the_first_not_held_the_lowest_that_broke() {
        List<RateLadder.Rung> done = List.of(new RateLadder.Rung(60, true), new RateLadder.Rung(75, true),
                new RateLadder.Rung(94, false), new RateLadder.Rung(84, false));

        assertThat(RateLadder.sustained(done)).hasValue(75.0);
        assertThat(RateLadder.firstNotHeld(done)).hasValue(84.0);
    }

    @Test
    void a_start_that_breaks_is_halved_until_one_holds_and_the_gap_narrowed_to_a_climbing_step_before_bisecting() {
        // 4 broke, 2 held: x2 apart. 3 and 2.5 narrow the gap to 2.5-3 (x1.2), then the one bisection: 2.8.
        List<Double> rates = climb(new RateLadder(8, 1, 4000), rate -> rate <= 2.5);

        assertThat(rates).containsExactly(8.0, 4.0, 2.0, 3.0, 2.5, 2.8);
    }

    @Test
    void spring_petclinics_search_brackets_its_knee_as_narrowly_as_one_that_climbed() {
        // 2026-11-26, set 6: 430 broke, 215 held; counted from the first halving, the search ended at 323, 377.
        List<Double> rates = climb(new RateLadder(430, 2, 4000), rate -> rate <= 410);

        assertThat(rates).containsExactly(430.0, 215.0, 323.0, 377.0, 404.0, 417.0);
        assertThat(RateLadder.sustained(rates.stream().map(r -> new RateLadder.Rung(r, r <= 410)).toList()))
                .hasValue(404.0);
    }

    @Test
    void it_stops_at_the_most_the_client_offers() {
        List<Double> rates = climb(new RateLadder(2000, 2, 3000), rate -> true);

        assertThat(rates).containsExactly(2000.0, 2500.0, 3000.0);
    }

    @Test
    void rates_below_ten_keep_a_tenth() {
        assertThat(RateLadder.rounded(1.23)).isEqualTo(1.2);
        assertThat(RateLadder.rounded(12.6)).isEqualTo(13.0);
    }
}
