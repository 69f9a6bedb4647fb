package dev.vtlab.adapters.out.visitstore;

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
import java.util.function.Predicate;

/**
 * Calls to the visit store, shared by its adapters: each request with the adapter's timeout, each failure a
 * {@link VisitStoreException} naming the store (unreachable, timed out, a status that is no success, a body that is
 * not what the store promises).
 */
final class VisitStoreCalls {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient client;
    private final URI store;
    private final Duration timeout;

    VisitStoreCalls(HttpClient client, URI store, Duration timeout) {
        this.client = client;
        this.store = store;
        this.timeout = timeout;
    }

    /** A request to {@code pathAndQuery} on the store, with the timeout. */
    HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(store.resolve(pathAndQuery)).timeout(timeout);
    }

    /** Sends on the caller's thread, which waits. */
    HttpResponse<String> send(HttpRequest request) {
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

    /** Sends with no thread waiting. */
    CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).exceptionally(error -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null
                    ? error.getCause() : error;
            throw cause instanceof IOException io ? failed(io) : new CompletionException(cause);
        });
    }

    HttpResponse<String> checkStatus(HttpResponse<String> response) {
        if (response.statusCode() / 100 != 2) {
            throw new VisitStoreException(VisitStoreException.Failure.BAD_STATUS, store,
                    response.request().method() + " " + response.uri().getPath() + " answered HTTP "
                            + response.statusCode(), null);
        }
        return response;
    }

    /**
     * The successful answer's body as {@code type}, if {@code valid} holds for it; else a malformed answer that
     * says what {@code promised} the store was.
     */
    <T> T parse(HttpResponse<String> response, Class<T> type, Predicate<T> valid, String promised) {
        String body = checkStatus(response).body();
        T answer = null;
        JacksonException error = null;
        try {
            answer = JSON.readValue(body, type);
        } catch (JacksonException e) {
            error = e;
        }
        if (answer == null || !valid.test(answer)) {
            throw new VisitStoreException(VisitStoreException.Failure.MALFORMED_ANSWER, store,
                    response.request().method() + " " + response.uri().getPath() + " answered a body that is not "
                            + promised, error);
        }
        return answer;
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
}
