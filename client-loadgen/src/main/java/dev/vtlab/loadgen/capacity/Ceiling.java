package dev.vtlab.loadgen.capacity;

/**
 * Little's law for one resource: {@code size} requests can hold it at once, each for {@code holdSeconds}, so at
 * most {@code size / holdSeconds} requests a second get through.
 *
 * @param resource    what is held
 * @param size        how many can hold it at once (for the CPU: its cores)
 * @param holdSeconds how long one request holds it (for the CPU: the CPU time a request costs)
 */
public record Ceiling(Resource resource, double size, double holdSeconds) {

    /** Requests per second at most. */
    public double rate() {
        return size / holdSeconds;
    }
}
