package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.Spread;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.RunRecord;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.vtlab.loadgen.labclient.ServerEnvironment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Findings computed from the results, never written by hand: for each mode and flag, what turning the flag on
 * did with the other flags held; the fastest combination per mode and how close it comes to the floor; and notes
 * on where this environment differs from the article's. With {@code --repeat N} each (combination, mode) was
 * measured N times: its figures are medians, and a ratio counts only when the on and off ranges do not overlap.
 *
 * @param threshold   a flag "matters" when it changes p99 by at least this factor (either way, the on and off
 *                    ranges apart) or changes whether the run fails; otherwise it has "no effect"
 * @param flagEffects one per (mode, relevant flag) measured
 * @param best        one per mode with a clean combination
 * @param notes       environment and measurement notes ({@link RunNotes})
 * @param pinning     where virtual threads were pinned, over every run, by site
 */
public record Findings(double threshold, List<FlagEffect> flagEffects, List<Best> best, List<String> notes,
                       List<Pinning> pinning) {

    public static final double THRESHOLD = 2.0;

    public enum Verdict {
        MATTERS("matters"), NO_EFFECT("no effect"),
        UNCLEAR("unclear: p99 moved past the threshold, but the on and off ranges overlap"),
        UNDECIDED("undecided: every pair failed");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * Turning one flag on, the other relevant flags held.
     *
     * @param off           the combination with the flag off
     * @param on            the same combination with the flag on
     * @param p99Ratio      median p99 on / median p99 off (both clean), else NaN
     * @param p99RatioLow   the lowest ratio the repeats allow: lowest p99 on / highest p99 off
     * @param p99RatioHigh  the highest: highest p99 on / lowest p99 off
     * @param rangesOverlap the on and off p99 ranges share a value (then the ratio may be noise)
     * @param wallRatio     median wall time on / off (both clean), else NaN
     * @param change        what turning the flag on did to failing
     */
    public record Pair(String off, String on, double p99Ratio, double p99RatioLow, double p99RatioHigh,
                       boolean rangesOverlap, double wallRatio, Change change) {
    }

    /** What turning a flag on did to failing; written as its words ({@code "fixes failures"}) in results.json. */
    public enum Change {
        BOTH_CLEAN("both clean"), FIXES_FAILURES("fixes failures"), CAUSES_FAILURES("causes failures"),
        BOTH_FAILED("both failed");

        private final String words;

        Change(String words) {
            this.words = words;
        }

        @JsonValue
        public String words() {
            return words;
        }

        /** The flag turned a failing run clean, or the other way round. */
        public boolean flipsFailures() {
            return this == FIXES_FAILURES || this == CAUSES_FAILURES;
        }
    }

    /**
     * The effect of one flag on one mode.
     *
     * @param mode            e.g. {@code async}
     * @param flag            T, A, W or R
     * @param verdict         matters, no effect, unclear or undecided
     * @param medianP99Ratio  median of the clean pairs' p99 ratios (NaN without clean pairs)
     * @param p99RatioLow     the lowest ratio any clean pair's repeats allow
     * @param p99RatioHigh    the highest
     * @param medianWallRatio median of the clean pairs' wall-time ratios
     * @param pairs           every pair measured
     */
    public record FlagEffect(String mode, Flag flag, Verdict verdict, double medianP99Ratio, double p99RatioLow,
                             double p99RatioHigh, double medianWallRatio, List<Pair> pairs) {
    }

    /**
     * The fastest clean combination of a mode (by median p99), against the floor (the least a request of the mode
     * waits, {@link Mode#floorMs}: no request can be faster).
     */
    public record Best(String mode, String flags, double p99Ms, double wallMs, double floorMs, double p99OverFloor) {
    }

    public static Findings of(List<RunRecord> runs) {
        List<RunRecord> measured = runs.stream().filter(RunRecord::measured).toList();
        List<Repeats> cells = Repeats.of(measured);
        List<FlagEffect> effects = new ArrayList<>();
        List<Best> best = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            Map<Combination, Repeats> byCombination = cells.stream().filter(c -> c.mode() == mode)
                    .collect(Collectors.toMap(Repeats::combination, Function.identity()));
            if (byCombination.isEmpty()) {
                continue;
            }
            for (Flag flag : mode.relevantFlags()) {
                flagEffect(mode, flag, byCombination).ifPresent(effects::add);
            }
            byCombination.values().stream().filter(Repeats::clean)
                    .min(Comparator.comparingDouble(c -> c.p99().median()))
                    .ifPresent(c -> best.add(best(mode, c)));
        }
        return new Findings(THRESHOLD, effects, best, RunNotes.of(measured), Pinning.of(measured));
    }

    private static Optional<FlagEffect> flagEffect(Mode mode, Flag flag, Map<Combination, Repeats> cells) {
        List<Pair> pairs = new ArrayList<>();
        cells.keySet().stream().filter(c -> !c.isOn(flag)).sorted(Comparator.comparing(Combination::label))
                .forEach(off -> {
                    Repeats on = cells.get(off.with(flag, true));
                    if (on != null) {
                        pairs.add(pair(cells.get(off), on));
                    }
                });
        if (pairs.isEmpty()) {
            return Optional.empty();
        }
        List<Pair> clean = pairs.stream().filter(p -> p.change() == Change.BOTH_CLEAN).toList();
        double p99 = median(clean.stream().mapToDouble(Pair::p99Ratio).toArray());
        double wall = median(clean.stream().mapToDouble(Pair::wallRatio).toArray());
        double low = clean.stream().mapToDouble(Pair::p99RatioLow).min().orElse(Double.NaN);
        double high = clean.stream().mapToDouble(Pair::p99RatioHigh).max().orElse(Double.NaN);
        boolean beyondThreshold = p99 >= THRESHOLD || p99 <= 1 / THRESHOLD;
        Verdict verdict;
        if (pairs.stream().anyMatch(p -> p.change().flipsFailures())) {
            verdict = Verdict.MATTERS;
        } else if (clean.isEmpty()) {
            verdict = Verdict.UNDECIDED;
        } else if (!beyondThreshold) {
            verdict = Verdict.NO_EFFECT;
        } else {
            verdict = clean.stream().anyMatch(Pair::rangesOverlap) ? Verdict.UNCLEAR : Verdict.MATTERS;
        }
        return Optional.of(new FlagEffect(mode.label(), flag, verdict, p99, low, high, wall, pairs));
    }

    private static Pair pair(Repeats off, Repeats on) {
        boolean offOk = off.clean();
        boolean onOk = on.clean();
        Change change = offOk && onOk ? Change.BOTH_CLEAN : !offOk && onOk ? Change.FIXES_FAILURES
                : offOk ? Change.CAUSES_FAILURES : Change.BOTH_FAILED;
        if (change != Change.BOTH_CLEAN) {
            return new Pair(off.flags(), on.flags(), Double.NaN, Double.NaN, Double.NaN, false, Double.NaN, change);
        }
        Spread offP99 = off.p99();
        Spread onP99 = on.p99();
        return new Pair(off.flags(), on.flags(), ratio(onP99.median(), offP99.median()),
                ratio(onP99.min(), offP99.max()), ratio(onP99.max(), offP99.min()), onP99.overlaps(offP99),
                ratio(on.wall().median(), off.wall().median()), change);
    }

    private static Best best(Mode mode, Repeats cell) {
        ServerEnvironment env = cell.runs().getFirst().summary().server().serverEnvironment();
        double floor = env == null ? Double.NaN : mode.floorMs(env);
        double p99 = cell.p99().median();
        return new Best(mode.label(), cell.flags(), p99, cell.wall().median(), floor, ratio(p99, floor));
    }

    static double median(double[] values) {
        return Spread.of(values).median();
    }

    private static double ratio(double numerator, double denominator) {
        return denominator > 0 ? numerator / denominator : Double.NaN;
    }
}
