package dev.vtlab.loadgen.load;

import java.util.Arrays;

/**
 * Median and range of some values.
 *
 * @param median the median (NaN without values)
 * @param min    the lowest
 * @param max    the highest
 */
public record Spread(double median, double min, double max) {

    public static Spread of(double[] values) {
        if (values.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        return new Spread(median, sorted[0], sorted[sorted.length - 1]);
    }

    /** The two ranges share at least one value. */
    public boolean overlaps(Spread other) {
        return !(max < other.min || min > other.max);
    }
}
