package dev.vtlab.loadgen.docs;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** Test helper: a range of measured values as the pages write it. */
final class NumberRange {

    private NumberRange() {
    }

    /** {@code 53.5 to 62.5} with {@code format} {@code %.1f}, or one number when both ends print the same. */
    static String of(Collection<Double> values, String format) {
        String low = String.format(Locale.ROOT, format, values.stream().mapToDouble(Double::doubleValue).min()
                .orElseThrow());
        String high = String.format(Locale.ROOT, format, values.stream().mapToDouble(Double::doubleValue).max()
                .orElseThrow());
        return low.equals(high) ? low : low + " to " + high;
    }

    /** The median of {@code values}: the middle one, or the mean of the two middle ones. */
    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
