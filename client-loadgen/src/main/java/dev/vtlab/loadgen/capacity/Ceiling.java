package dev.vtlab.loadgen.capacity;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vtlab.loadgen.meters.StandardMeter;

import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Little's law for one resource: {@code size} holders at once, a request taking {@code calls} of them, each for
 * {@code holdSeconds}, so at most {@code size / (calls x holdSeconds)} requests a second get through.
 *
 * @param resource    what is held
 * @param size        how many can hold it at once (for the CPU: its cores)
 * @param calls       how many times one request takes it (a card's three reads each take a connection; 1 where
 *                    a request holds it once; results written before it was recorded read as 1)
 * @param holdSeconds how long each call holds it (for the CPU: the CPU time a request costs)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Ceiling(Resource resource, double size, int calls, double holdSeconds) {

    public Ceiling {
        calls = Math.max(calls, 1);
    }

    /** As results.json keeps it: a file written before the calls were recorded has none, and means 1. */
    @JsonCreator
    static Ceiling read(@JsonProperty("resource") Resource resource, @JsonProperty("size") double size,
                        @JsonProperty("calls") Integer calls, @JsonProperty("holdSeconds") double holdSeconds) {
        return new Ceiling(resource, size, calls == null ? 1 : calls, holdSeconds);
    }

    /** A resource one request holds once, for {@code holdSeconds}. */
    public Ceiling(Resource resource, double size, double holdSeconds) {
        this(resource, size, 1, holdSeconds);
    }

    /** How long one request holds it in all: its calls' holds added up. */
    public double requestHoldSeconds() {
        return calls * holdSeconds;
    }

    /**
     * Where the rate comes from, and the meters that show it: e.g. {@code 10 / (3 calls x 0.100 s); watch
     * hikaricp_connections_active, hikaricp_connections_pending}.
     */
    public String explain() {
        String held = calls == 1 ? String.format(Locale.ROOT, "%.3f s", holdSeconds)
                : String.format(Locale.ROOT, "(%d calls x %.3f s)", calls, holdSeconds);
        String meters = resource.meters().stream().map(StandardMeter::prometheusName)
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "%.0f / %s", size, held) + (meters.isEmpty() ? "" : "; watch " + meters);
    }

    /** Requests per second at most (written to results.json beside the figures it comes from). */
    @JsonProperty("rate")
    public double rate() {
        return size / requestHoldSeconds();
    }
}
