package dev.vtlab.loadgen.meters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Prometheus's text exposition format (version 0.0.4, what {@code /actuator/prometheus} serves by default), parsed
 * into the {@link StandardMeter}s it holds. Series of one meter and key that differ in other labels (a URI's 200s
 * and 404s) are summed. The prometheus client library writes this format but cannot read it, so this does, for the
 * lines it needs: {@code name{label="value",...} number [timestamp]}, comments and blank lines skipped.
 */
public final class PrometheusText {

    private static final Map<String, List<StandardMeter>> BY_NAME = new HashMap<>();

    static {
        for (StandardMeter meter : StandardMeter.values()) {
            BY_NAME.computeIfAbsent(meter.prometheusName(), name -> new ArrayList<>()).add(meter);
        }
    }

    private PrometheusText() {
    }

    /**
     * The standard meters in {@code text}; empty when it is not Prometheus's text (a line that is neither a
     * comment nor a sample).
     */
    public static Optional<List<MeterSnapshot.Reading>> parse(String text) {
        Map<String, MeterSnapshot.Reading> readings = new LinkedHashMap<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Optional<Sample> sample = Sample.of(line);
            if (sample.isEmpty()) {
                return Optional.empty();
            }
            for (StandardMeter meter : BY_NAME.getOrDefault(sample.get().name(), List.of())) {
                String key = meter.keyTag() == null ? "" : sample.get().labels().getOrDefault(meter.keyTag(), "");
                readings.merge(meter.name() + "\u0000" + key, new MeterSnapshot.Reading(meter, key,
                        sample.get().value()), (a, b) -> new MeterSnapshot.Reading(meter, key, a.value() + b.value()));
            }
        }
        return Optional.of(List.copyOf(readings.values()));
    }

    /** One line: a name, its labels, a value. */
    record Sample(String name, Map<String, String> labels, double value) {

        static Optional<Sample> of(String line) {
            int i = 0;
            while (i < line.length() && isNameChar(line.charAt(i))) {
                i++;
            }
            if (i == 0) {
                return Optional.empty();
            }
            String name = line.substring(0, i);
            Map<String, String> labels = new HashMap<>();
            if (i < line.length() && line.charAt(i) == '{') {
                i++;
                while (i < line.length() && line.charAt(i) != '}') {
                    int eq = line.indexOf('=', i);
                    if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                        return Optional.empty();
                    }
                    String label = line.substring(i, eq).strip();
                    StringBuilder value = new StringBuilder();
                    int j = eq + 2;
                    for (; j < line.length() && line.charAt(j) != '"'; j++) {
                        char c = line.charAt(j);
                        if (c == '\\' && j + 1 < line.length()) {
                            char next = line.charAt(++j);
                            value.append(next == 'n' ? '\n' : next);
                        } else {
                            value.append(c);
                        }
                    }
                    if (j >= line.length()) {
                        return Optional.empty();
                    }
                    labels.put(label, value.toString());
                    i = j + 1;
                    if (i < line.length() && line.charAt(i) == ',') {
                        i++;
                    }
                }
                if (i >= line.length()) {
                    return Optional.empty();
                }
                i++;
            }
            String[] rest = line.substring(i).strip().split("\\s+");
            if (rest.length == 0 || rest.length > 2) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Sample(name, labels, number(rest[0])));
            } catch (NumberFormatException notANumber) {
                return Optional.empty();
            }
        }

        private static boolean isNameChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == ':';
        }

        private static double number(String text) {
            return switch (text) {
                case "+Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                case "NaN" -> Double.NaN;
                default -> Double.parseDouble(text);
            };
        }
    }
}
