package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * Reads the body of a failed answer only (a success's body is discarded unread, as before): vtlab answers a failing
 * downstream with a problem detail whose {@code failure} names what failed, e.g. {@code POOL_EXHAUSTED} or
 * {@code BULKHEAD_FULL}, and a report must tell those 503s from Spring's own async-timeout 503.
 */
final class FailureBody {

    /** Success: no body read ({@code null}); anything else: the body as text. */
    static final HttpResponse.BodyHandler<String> HANDLER = info -> info.statusCode() == 200
            ? HttpResponse.BodySubscribers.replacing(null)
            : HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8);

    private FailureBody() {
    }

    /**
     * The failure cause for a non-200 answer whose problem detail names one, e.g. {@code HTTP 503 POOL_EXHAUSTED};
     * {@code null} otherwise (the cause is then {@code HTTP <status>}).
     */
    static String cause(HttpResponse<String> response) {
        if (response.statusCode() == 200 || response.body() == null || response.body().isBlank()) {
            return null;
        }
        try {
            JsonNode failure = Json.MAPPER.readTree(response.body()).path("failure");
            return failure.isString() ? "HTTP " + response.statusCode() + " " + failure.asString() : null;
        } catch (JacksonException notJson) {
            return null;
        }
    }
}
