package dev.vtlab.loadgen.capacity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Little's law for one resource: {@code size} requests can hold it at once, each for {@code holdSeconds}, so at
 * most {@code size / holdSeconds} requests a second get through.
 *
 * @param resource    what is held
 * @param size        how many can hold it at once (for the CPU: its cores)
 * @param holdSeconds how long one request holds it (for the CPU: the CPU time a request costs)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Ceiling(Resource resource, double size, double holdSeconds) {

    /** Requests per second at most (written to results.json beside the three it comes from). */
    @JsonProperty("rate")
    public double rate() {
        return size / holdSeconds;
    }
}
