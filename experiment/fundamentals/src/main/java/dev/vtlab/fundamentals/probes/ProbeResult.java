package dev.vtlab.fundamentals.probes;

import tools.jackson.databind.json.JsonMapper;

/**
 * What a probe measured, printed by the probe's JVM as one JSON line that the runner parses: the same record on
 * both sides of the process boundary.
 *
 * @param probe  footprint, connection or fairness
 * @param kind   PLATFORM or VIRTUAL
 * @param label  what was measured, e.g. {@code 10000 threads, depth 1}
 * @param values the figures, named with their unit, e.g. {@code heapBytesPerThread}
 */
public record ProbeResult(String probe, String kind, String label, java.util.Map<String, Double> values) {

    static final JsonMapper JSON = JsonMapper.builder().build();
    /** Marks the line among whatever else the probe's JVM prints. */
    public static final String PREFIX = "vtlab-probe-result ";

    /** Prints this as the probe's result line. */
    void print() {
        System.out.println(PREFIX + JSON.writeValueAsString(this));
        System.out.flush();
    }

    /** The result in a line the probe printed, or {@code null} when the line is something else. */
    public static ProbeResult parse(String line) {
        return line.startsWith(PREFIX) ? JSON.readValue(line.substring(PREFIX.length()), ProbeResult.class) : null;
    }
}
