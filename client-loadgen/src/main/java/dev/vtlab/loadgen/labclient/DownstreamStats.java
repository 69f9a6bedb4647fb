package dev.vtlab.loadgen.labclient;

import dev.vtlab.childprocess.Stats;
import dev.vtlab.loadgen.json.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Reads a downstream process's count of the visits it keeps ({@code GET /stats} of the visit store or the
 * database), so that lost writes are counted where they land.
 */
public final class DownstreamStats implements VisitCounter {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;
    private final URI store;

    public DownstreamStats(HttpClient client, URI store) {
        this.client = client;
        this.store = store;
    }

    @Override
    public long visitsSaved() throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(store.resolve("/stats")).timeout(TIMEOUT)
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(store.resolve("/stats") + " answered HTTP " + response.statusCode());
        }
        return Json.MAPPER.readValue(response.body(), Stats.class).saved();
    }
}
