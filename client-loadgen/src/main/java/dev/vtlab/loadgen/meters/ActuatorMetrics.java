package dev.vtlab.loadgen.meters;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * Actuator's {@code /actuator/metrics} JSON, for a service that exposes no Prometheus endpoint: the names it has,
 * and each meter's measurements and tags. Parsed once into these records.
 */
public final class ActuatorMetrics {

    private ActuatorMetrics() {
    }

    /** {@code GET /actuator/metrics}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Names(List<String> names) {
    }

    /** {@code GET /actuator/metrics/{name}[?tag=key:value]}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Meter(String name, List<Measurement> measurements, List<AvailableTag> availableTags) {

        /** The value of {@code statistic}, if the meter reports it. */
        public java.util.OptionalDouble value(StandardMeter.Statistic statistic) {
            return measurements == null ? java.util.OptionalDouble.empty() : measurements.stream()
                    .filter(m -> statistic.name().equals(m.statistic())).mapToDouble(Measurement::value).findFirst();
        }

        /** The values the service has seen for tag {@code key}; empty when it has no such tag. */
        public List<String> tagValues(String key) {
            return availableTags == null ? List.of() : availableTags.stream().filter(t -> t.tag().equals(key))
                    .findFirst().map(AvailableTag::values).orElse(List.of());
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Measurement(String statistic, double value) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AvailableTag(String tag, List<String> values) {
    }
}
