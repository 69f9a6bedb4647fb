package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.Spread;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * Every measurement of one (combination, mode): {@code matrix --repeat N} measures each N times on the same server.
 * A cell is clean only when every repeat was; its figures are the median and the range over the clean repeats (over
 * all of them when none was clean).
 *
 * @param combination the flags
 * @param mode        the mode
 * @param runs        the measured repeats, in order
 */
record Repeats(Combination combination, Mode mode, List<RunRecord> runs) {

    /** Groups measured runs by (combination, mode), in the order the groups first appear. */
    static List<Repeats> of(List<RunRecord> records) {
        List<RunRecord> measured = records.stream().filter(RunRecord::measured).toList();
        return measured.stream().filter(r -> measured.stream().filter(r::sameCell).findFirst().orElseThrow() == r)
                .map(first -> new Repeats(first.combination(), first.mode(),
                        measured.stream().filter(first::sameCell).toList()))
                .toList();
    }

    String flags() {
        return combination.label();
    }

    /** Every repeat was clean (no failed request, no lost write). */
    boolean clean() {
        return runs.stream().allMatch(RunRecord::ok);
    }

    long failedRepeats() {
        return runs.stream().filter(r -> !r.ok()).count();
    }

    /** p99 of the clean repeats (of all when none was clean): median, lowest, highest. */
    Spread p99() {
        return spread(s -> s.outcome().latency().p99Ms());
    }

    Spread p50() {
        return spread(s -> s.outcome().latency().p50Ms());
    }

    Spread wall() {
        return spread(s -> s.outcome().wallTimeMs());
    }

    /** The repeat whose p99 is nearest the median (a clean one, if any): it stands for the cell in charts. */
    RunRecord representative() {
        double median = p99().median();
        return counted()
                .min(Comparator.comparingDouble(r -> Math.abs(r.summary().outcome().latency().p99Ms() - median)))
                .orElseThrow();
    }

    private Spread spread(ToDoubleFunction<RunSummary> figure) {
        return Spread.of(counted().mapToDouble(r -> figure.applyAsDouble(r.summary())).toArray());
    }

    /** The repeats the cell's figures come from: the clean ones, or all when none was clean. */
    private Stream<RunRecord> counted() {
        boolean anyClean = runs.stream().anyMatch(RunRecord::ok);
        return runs.stream().filter(r -> r.ok() || !anyClean);
    }
}
