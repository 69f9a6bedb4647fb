package dev.vtlab.loadgen.meters;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What a service's meters read at one moment: one value per meter and key tag (a pool, an executor, a URI).
 *
 * @param readings every value read
 * @param readMs   how long the service took to answer (all its requests, for Actuator's JSON)
 */
public record MeterSnapshot(List<Reading> readings, double readMs) {

    /**
     * One value.
     *
     * @param meter what was read
     * @param key   the value of the meter's {@link StandardMeter#keyTag()}, or {@code ""} when it has none
     * @param value the reading
     */
    public record Reading(StandardMeter meter, String key, double value) {
    }

    public MeterSnapshot {
        readings = List.copyOf(readings);
    }

    /** The value of {@code meter} for {@code key}, if read. */
    public OptionalDouble value(StandardMeter meter, String key) {
        return readings.stream().filter(r -> r.meter() == meter && r.key().equals(key))
                .mapToDouble(Reading::value).findFirst();
    }

    /** The sum of {@code meter} over the keys {@code keys} accepts (empty when no key was read). */
    public OptionalDouble sum(StandardMeter meter, Predicate<String> keys) {
        List<Reading> matching = readings.stream().filter(r -> r.meter() == meter && keys.test(r.key())).toList();
        return matching.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(matching.stream().mapToDouble(Reading::value).sum());
    }

    /** The keys read for {@code meter}, sorted: its pools, executors or URIs. */
    public Set<String> keys(StandardMeter meter) {
        Set<String> keys = new TreeSet<>();
        readings.stream().filter(r -> r.meter() == meter).forEach(r -> keys.add(r.key()));
        return keys;
    }

    /** Whether anything was read for {@code meter}. */
    public boolean has(StandardMeter meter) {
        return readings.stream().anyMatch(r -> r.meter() == meter);
    }

    /** The meters read, by name as Prometheus's text has them. */
    public Map<String, Double> byPrometheusLine() {
        Map<String, Double> lines = new java.util.LinkedHashMap<>();
        readings.forEach(r -> lines.merge(r.meter().prometheusName()
                + (r.meter().keyTag() == null ? "" : "{" + r.meter().keyTag() + "=\"" + r.key() + "\"}"),
                r.value(), Double::sum));
        return lines;
    }
}
