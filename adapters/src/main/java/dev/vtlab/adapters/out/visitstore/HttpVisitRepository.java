package dev.vtlab.adapters.out.visitstore;

import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Visit;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

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

    private final VisitStoreCalls calls;

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
        this.calls = new VisitStoreCalls(client, store, timeout);
    }

    @Override
    public long count() {
        return parseCount(calls.send(countRequest()));
    }

    @Override
    public void save(Visit visit) {
        calls.checkStatus(calls.send(saveRequest(visit)));
    }

    @Override
    public CompletableFuture<Long> countAsync() {
        return calls.sendAsync(countRequest()).thenApply(this::parseCount);
    }

    @Override
    public CompletableFuture<Void> saveAsync(Visit visit) {
        return calls.sendAsync(saveRequest(visit)).thenAccept(calls::checkStatus);
    }

    private HttpRequest countRequest() {
        return calls.request("/visits/count").GET().build();
    }

    private HttpRequest saveRequest(Visit visit) {
        String body = VisitStoreCalls.JSON.writeValueAsString(new VisitBody(visit.visitor().value(),
                visit.visitorNumber()));
        return calls.request("/visits").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private long parseCount(HttpResponse<String> response) {
        return calls.parse(response, CountAnswer.class, answer -> answer.count() != null && answer.count() >= 0,
                "{\"count\":N}").count();
    }
}
