package dev.vtlab.fundamentals.cli;

/**
 * One figure of a run, as results.json and the tables hold it.
 *
 * @param benchmark creation, footprint, switching, connection, cpu or fairness
 * @param measure   what was measured, e.g. {@code start and join} or {@code 10000 threads, depth 1}
 * @param kind      PLATFORM or VIRTUAL
 * @param value     the score (JMH) or the median of the probe's repeats
 * @param error     JMH's 99.9% error, or half the range of the probe's repeats (0 for one repeat)
 * @param unit      e.g. {@code us/op}, {@code bytes}, {@code requests/s}
 */
public record Row(String benchmark, String measure, String kind, double value, double error, String unit) {
}
