package dev.vtlab.loadgen.load;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One request of a burst.
 *
 * @param id            0-based number of the request
 * @param startMicros   when it was sent, from the release of the burst
 * @param endMicros     when its answer (or error) arrived, from the release of the burst
 * @param status        HTTP status, or 0 when there was no response
 * @param error         the cause of failure ({@code null} when status is 200)
 */
public record RequestResult(int id, long startMicros, long endMicros, int status, String error) {

    public long latencyMicros() {
        return endMicros - startMicros;
    }

    public boolean succeeded() {
        return status == 200 && error == null;
    }

    /** The failure cause as counted in the summary, e.g. {@code HTTP 503} or {@code request timeout}. */
    public String cause() {
        return error != null ? error : "HTTP " + status;
    }

    /** The failed requests of {@code results}, counted by {@link #cause()}, causes in alphabetical order. */
    public static Map<String, Long> failuresByCause(List<RequestResult> results) {
        return results.stream().filter(r -> !r.succeeded())
                .collect(Collectors.groupingBy(RequestResult::cause, TreeMap::new, Collectors.counting()));
    }
}
