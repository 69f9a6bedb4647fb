package dev.vtlab.loadgen.load;

import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Reads and resets the server's lab endpoints ({@code /lab/...}) over HTTP. */
public final class LabClient implements VisitCounter {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;
    private final URI base;

    public LabClient(HttpClient client, URI base) {
        this.client = client;
        this.base = base;
    }

    public JsonNode environment() throws IOException, InterruptedException {
        return get("/lab/environment");
    }

    public JsonNode threads() throws IOException, InterruptedException {
        return get("/lab/threads");
    }

    public JsonNode jvm() throws IOException, InterruptedException {
        return get("/lab/jvm");
    }

    @Override
    public long visitsSaved() throws IOException, InterruptedException {
        return get("/lab/visits").path("saved").asLong();
    }

    /** Clears the thread-placement counters and the JVM's peak and started counts. */
    public void reset() throws IOException, InterruptedException {
        send(HttpRequest.newBuilder(base.resolve("/lab/threads/reset"))
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        return Json.MAPPER.readTree(send(HttpRequest.newBuilder(base.resolve(path)).GET()));
    }

    private String send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request.timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(request.build().uri() + " answered HTTP " + response.statusCode());
        }
        return response.body();
    }
}
