package dev.vtlab.loadgen.load;

import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * Latency percentiles of the successful requests of a run, in milliseconds, from an HdrHistogram (3 significant
 * digits).
 */
public record Latencies(long count, double minMs, double p50Ms, double p90Ms, double p99Ms, double p999Ms,
                        double maxMs, double meanMs) {

    private static final long HIGHEST_MICROS = 3_600_000_000L;

    public static Latencies of(List<RequestResult> results) {
        Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
        results.stream().filter(RequestResult::succeeded)
                .forEach(r -> histogram.recordValue(Math.min(Math.max(r.latencyMicros(), 0), HIGHEST_MICROS)));
        if (histogram.getTotalCount() == 0) {
            return new Latencies(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new Latencies(histogram.getTotalCount(), ms(histogram.getMinValue()),
                ms(histogram.getValueAtPercentile(50)), ms(histogram.getValueAtPercentile(90)),
                ms(histogram.getValueAtPercentile(99)), ms(histogram.getValueAtPercentile(99.9)),
                ms(histogram.getMaxValue()), histogram.getMean() / 1000.0);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
