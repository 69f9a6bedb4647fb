package dev.vtlab.loadgen.labclient;

import dev.vtlab.loadgen.json.Json;

import tools.jackson.core.JacksonException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Reads and resets the server's lab endpoints ({@code /lab/...}) over HTTP, each answer parsed once into a record. */
public final class LabClient implements VisitCounter {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;
    private final URI base;

    public LabClient(HttpClient client, URI base) {
        this.client = client;
        this.base = base;
    }

    /** The server's answer to {@code /lab/visits}. */
    record Visits(long saved) {
    }


    public ServerEnvironment environment() throws IOException, InterruptedException {
        return get("/lab/environment", ServerEnvironment.class);
    }

    public ServerThreads threads() throws IOException, InterruptedException {
        return get("/lab/threads", ServerThreads.class);
    }

    public ServerJvm jvm() throws IOException, InterruptedException {
        return get("/lab/jvm", ServerJvm.class);
    }

    /** What the server holds now that no meter gives: its requests in flight. */
    public LabLoad load() throws IOException, InterruptedException {
        return get("/lab/load", LabLoad.class);
    }

    /** What {@code /fanout}'s fan-out left behind its answers since the last reset. */
    public FanOutAftermath fanOut() throws IOException, InterruptedException {
        return get("/lab/fanout", FanOutAftermath.class);
    }

    @Override
    public long visitsSaved() throws IOException, InterruptedException {
        return get("/lab/visits", Visits.class).saved();
    }

    /** Clears the thread-placement counters, the JVM's peak and started counts and the fan-out's counts. */
    public void reset() throws IOException, InterruptedException {
        send(HttpRequest.newBuilder(base.resolve("/lab/threads/reset"))
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private <T> T get(String path, Class<T> type) throws IOException, InterruptedException {
        String body = send(HttpRequest.newBuilder(base.resolve(path)).GET());
        try {
            return Json.MAPPER.readValue(body, type);
        } catch (JacksonException e) {
            throw new NotALabAnswerException(base.resolve(path) + " answered what is not a vtlab lab answer: "
                    + e.getOriginalMessage(), e);
        }
    }

    private String send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request.timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new NotALabAnswerException(request.build().uri() + " answered HTTP " + response.statusCode(), null);
        }
        return response.body();
    }

    /** The server answered, but not as a vtlab lab does: something else listens there, or an error. */
    public static final class NotALabAnswerException extends IOException {
        NotALabAnswerException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
