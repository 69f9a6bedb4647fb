package dev.vtlab.loadgen.meters;

import dev.vtlab.loadgen.json.Json;
import tools.jackson.core.JacksonException;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A service's meters at one URL: Prometheus's text ({@code /actuator/prometheus}) or, for a service that has no
 * Prometheus endpoint, Actuator's JSON ({@code /actuator/metrics}). Which one is decided once, from what the URL
 * answers at {@link #open}; each {@link #read} then returns every {@link StandardMeter} the service has.
 */
public final class MeterSource {

    /** Which format the URL serves. */
    public enum Format { PROMETHEUS, ACTUATOR }

    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client;
    private final URI uri;
    private final Format format;

    private MeterSource(HttpClient client, URI uri, Format format) {
        this.client = client;
        this.uri = uri;
        this.format = format;
    }

    /**
     * The meters at {@code uri}, once it has answered as one of the two formats.
     *
     * @throws MetersUnavailableException in one line: unreachable, an error status, or neither format
     */
    public static MeterSource open(HttpClient client, URI uri) throws MetersUnavailableException, InterruptedException {
        String body = get(client, uri);
        if (body.stripLeading().startsWith("{")) {
            try {
                ActuatorMetrics.Names names = Json.MAPPER.readValue(body, ActuatorMetrics.Names.class);
                if (names.names() != null) {
                    return new MeterSource(client, uri, Format.ACTUATOR);
                }
            } catch (JacksonException notActuators) {
                // falls through to the refusal below
            }
        } else if (PrometheusText.parse(body).isPresent()) {
            return new MeterSource(client, uri, Format.PROMETHEUS);
        }
        throw new MetersUnavailableException(uri + " answered neither Prometheus text (/actuator/prometheus) nor "
                + "Actuator's metrics (/actuator/metrics)");
    }

    public URI uri() {
        return uri;
    }

    public Format format() {
        return format;
    }

    /** Every standard meter the service has now. */
    public MeterSnapshot read() throws MetersUnavailableException, InterruptedException {
        long start = System.nanoTime();
        List<MeterSnapshot.Reading> readings = switch (format) {
            case PROMETHEUS -> PrometheusText.parse(get(client, uri)).orElseThrow(() ->
                    new MetersUnavailableException(uri + " no longer answers Prometheus text"));
            case ACTUATOR -> readActuator();
        };
        return new MeterSnapshot(readings, (System.nanoTime() - start) / 1e6);
    }

    /** One request per meter the service has, and one per key (pool, executor, URI) of those with a key tag. */
    private List<MeterSnapshot.Reading> readActuator() throws MetersUnavailableException, InterruptedException {
        Set<String> has = new LinkedHashSet<>(parse(uri, get(client, uri), ActuatorMetrics.Names.class).names());
        List<MeterSnapshot.Reading> readings = new ArrayList<>();
        for (StandardMeter meter : StandardMeter.values()) {
            if (!has.contains(meter.micrometerName()) || !actuatorCanTell(meter)) {
                continue;
            }
            ActuatorMetrics.Meter all = meter(meter.micrometerName(), null);
            List<String> keys = meter.keyTag() == null ? List.of() : all.tagValues(meter.keyTag());
            if (keys.isEmpty()) {
                all.value(meter.statistic()).ifPresent(v -> readings.add(new MeterSnapshot.Reading(meter, "", v)));
            }
            for (String key : keys) {
                meter(meter.micrometerName(), meter.keyTag() + ":" + key).value(meter.statistic())
                        .ifPresent(v -> readings.add(new MeterSnapshot.Reading(meter, key, v)));
            }
        }
        return readings;
    }

    /**
     * Actuator names a thread pool's and a fork-join pool's active threads alike ({@code executor.active}); the
     * fork-join pool's are told apart by its parallelism, so they are read as the thread pool's here.
     */
    private static boolean actuatorCanTell(StandardMeter meter) {
        return meter != StandardMeter.FORK_JOIN_ACTIVE && meter != StandardMeter.FORK_JOIN_QUEUED;
    }

    private ActuatorMetrics.Meter meter(String name, String tag) throws MetersUnavailableException,
            InterruptedException {
        String query = tag == null ? "" : "?tag=" + URLEncoder.encode(tag, StandardCharsets.UTF_8);
        URI one = URI.create(uri.toString().replaceAll("/+$", "") + "/" + name + query);
        return parse(one, get(client, one), ActuatorMetrics.Meter.class);
    }

    private static <T> T parse(URI from, String body, Class<T> type) throws MetersUnavailableException {
        try {
            return Json.MAPPER.readValue(body, type);
        } catch (JacksonException e) {
            throw new MetersUnavailableException(from + " answered what is not Actuator's metrics JSON: "
                    + e.getOriginalMessage());
        }
    }

    private static String get(HttpClient client, URI uri) throws MetersUnavailableException, InterruptedException {
        HttpResponse<String> response;
        try {
            response = client.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                    .header("Accept", "text/plain;version=0.0.4, application/json;q=0.9, */*;q=0.1").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new MetersUnavailableException(uri + " is unreachable: " + (e instanceof ConnectException
                    ? "connection refused" : e instanceof HttpTimeoutException ? "no answer within "
                    + TIMEOUT.toSeconds() + " s" : e.getClass().getSimpleName()));
        }
        if (response.statusCode() != 200) {
            throw new MetersUnavailableException(uri + " answered HTTP " + response.statusCode()
                    + " (is Actuator's endpoint exposed? management.endpoints.web.exposure.include)");
        }
        return response.body();
    }
}
