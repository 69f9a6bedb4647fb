package dev.vtlab.adapters.out.visitstore;

import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Visit;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Persistence adapter: keeps visits in the visit store, a separate process, over HTTP/1.1. The blocking calls use
 * {@link HttpClient#send} (the caller's thread waits); the async ones {@link HttpClient#sendAsync} (no thread
 * waits: the client's selector thread watches every connection, and the client's executor, which flag R chooses,
 * reads the answers). Every failure becomes a {@link VisitStoreException} naming the store.
 * <p>
 * The store's protocol: {@code GET /visits/count} answers {@code {"count":N}}; {@code POST /visits} with
 * {@code {"who":"Ada","visitorNumber":1}} saves one visit and answers 201 {@code {"saved":N}}.
 */
public final class HttpVisitRepository implements VisitRepository {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient client;
    private final URI store;
    private final Duration timeout;

    record CountAnswer(Long count) {
    }

    record VisitBody(String who, long visitorNumber) {
    }

    /**
     * @param client  the HTTP client, with the executor flag R chose
     * @param store   the store's base URL, e.g. {@code http://127.0.0.1:8081}
     * @param timeout how long one call may take before it fails as a timeout
     */
    public HttpVisitRepository(HttpClient client, URI store, Duration timeout) {
        this.client = client;
        this.store = store;
        this.timeout = timeout;
    }

    @Override
    public long count() {
        return parseCount(send(countRequest()));
    }

    @Override
    public void save(Visit visit) {
        checkStatus(send(saveRequest(visit)));
    }

    @Override
    public CompletableFuture<Long> countAsync() {
        return sendAsync(countRequest()).thenApply(this::parseCount);
    }

    @Override
    public CompletableFuture<Void> saveAsync(Visit visit) {
        return sendAsync(saveRequest(visit)).thenAccept(this::checkStatus);
    }

    private HttpRequest countRequest() {
        return HttpRequest.newBuilder(store.resolve("/visits/count")).timeout(timeout).GET().build();
    }

    private HttpRequest saveRequest(Visit visit) {
        String body = JSON.writeValueAsString(new VisitBody(visit.visitor().value(), visit.visitorNumber()));
        return HttpRequest.newBuilder(store.resolve("/visits")).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw failed(e);
        } catch (InterruptedException e) {
            // The server gave up on this call (Spring MVC cancels a timed-out Callable): not the store's fault.
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the visit store", e);
        }
    }

    private CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).exceptionally(error -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null
                    ? error.getCause() : error;
            throw cause instanceof IOException io ? failed(io) : new CompletionException(cause);
        });
    }

    private VisitStoreException failed(IOException e) {
        if (e instanceof HttpTimeoutException) {
            return new VisitStoreException(VisitStoreException.Failure.TIMEOUT, store,
                    "no answer within " + timeout.toMillis() + " ms", e);
        }
        String what = e instanceof ConnectException ? "cannot connect" : "connection failed";
        return new VisitStoreException(VisitStoreException.Failure.UNREACHABLE, store,
                what + " (" + e.getClass().getSimpleName() + ")", e);
    }

    private HttpResponse<String> checkStatus(HttpResponse<String> response) {
        if (response.statusCode() / 100 != 2) {
            throw new VisitStoreException(VisitStoreException.Failure.BAD_STATUS, store,
                    response.request().method() + " " + response.uri().getPath() + " answered HTTP "
                            + response.statusCode(), null);
        }
        return response;
    }

    private long parseCount(HttpResponse<String> response) {
        String body = checkStatus(response).body();
        Long count = null;
        JacksonException error = null;
        try {
            count = JSON.readValue(body, CountAnswer.class).count();
        } catch (JacksonException e) {
            error = e;
        }
        if (count == null || count < 0) {
            throw new VisitStoreException(VisitStoreException.Failure.MALFORMED_ANSWER, store,
                    "GET /visits/count answered a body that is not {\"count\":N}", error);
        }
        return count;
    }
}
