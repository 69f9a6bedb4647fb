package dev.vtlab.loadgen.load;

import org.HdrHistogram.Histogram;

/**
 * Latency percentiles to p99.99 and the maximum, in milliseconds, from an HdrHistogram of microseconds (3
 * significant digits).
 */
public record Spectrum(long count, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double p9999Ms,
                       double maxMs, double meanMs) {

    /** Highest latency recorded: an hour, longer than any request may wait. */
    static final long HIGHEST_MICROS = 3_600_000_000L;

    static Histogram histogram() {
        return new Histogram(HIGHEST_MICROS, 3);
    }

    static void record(Histogram histogram, long micros) {
        histogram.recordValue(Math.min(Math.max(micros, 0), HIGHEST_MICROS));
    }

    public static Spectrum of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new Spectrum(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new Spectrum(h.getTotalCount(), ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(99)), ms(h.getValueAtPercentile(99.9)), ms(h.getValueAtPercentile(99.99)),
                ms(h.getMaxValue()), h.getMean() / 1000.0);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
