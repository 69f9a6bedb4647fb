package dev.vtlab.loadgen.capacity;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vtlab.loadgen.matrix.MatrixSettings;

import java.time.Duration;

/**
 * What a capacity search runs with: its servers as the matrix starts them, and its steps.
 *
 * @param servers the profile, modes, flags, server and variant, as for a matrix (its burst size unused)
 * @param steps   how each step runs
 */
public record CapacitySettings(@JsonUnwrapped MatrixSettings servers, @JsonUnwrapped Steps steps) {

    /**
     * @param stepTime   how long each step offers its rate, warm-up included
     * @param stepWarmup the first part of each step, left out of its figures
     * @param bisections how many times the gap between the last rate held and the first not held is halved
     * @param maxRate    the most the search offers
     * @param timeout    each request's time-out
     */
    public record Steps(Duration stepTime, Duration stepWarmup, int bisections, double maxRate, Duration timeout) {
    }

    /** The repository's delays summed: no request can be faster. */
    public long floorMs() {
        return servers.server().countDelay().plus(servers.server().saveDelay()).toMillis();
    }
}
