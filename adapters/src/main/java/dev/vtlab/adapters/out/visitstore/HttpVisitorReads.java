package dev.vtlab.adapters.out.visitstore;

import dev.vtlab.application.port.out.LastVisits;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.application.port.out.VisitCounts;
import dev.vtlab.domain.VisitorName;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The visitor card's three reads from the visit store over HTTP/1.1, each one call that waits the store's delay
 * on the caller's thread ({@link HttpClient#send}), like {@link HttpVisitRepository}'s blocking calls: where each
 * wait runs is the caller's, this adapter makes no thread. Every failure becomes a {@link VisitStoreException}
 * naming the store, as the repository's do.
 * <p>
 * The store's protocol: {@code GET /visitors/visits?who=Ada} answers {@code {"count":N}},
 * {@code GET /visitors/last-visit?who=Ada} {@code {"lastVisit":"2025-01-01T00:00:00Z"}} (or {@code null} before
 * a first visit), {@code GET /visitors/recommendation?who=Ada} {@code {"recommendation":"..."}}.
 */
public final class HttpVisitorReads implements VisitCounts, LastVisits, Recommendations {

    private final VisitStoreCalls calls;

    record CountAnswer(Long count) {
    }

    record LastVisitAnswer(Instant lastVisit) {
    }

    record RecommendationAnswer(String recommendation) {
    }

    /**
     * @param client  the HTTP client, with the executor flag R chose (the repository's own)
     * @param store   the store's base URL, e.g. {@code http://127.0.0.1:8081}
     * @param timeout how long one call may take before it fails as a timeout
     */
    public HttpVisitorReads(HttpClient client, URI store, Duration timeout) {
        this.calls = new VisitStoreCalls(client, store, timeout);
    }

    @Override
    public long visitsOf(VisitorName visitor) {
        return calls.parse(calls.send(read("visits", visitor)), CountAnswer.class,
                answer -> answer.count() != null && answer.count() >= 0, "{\"count\":N}").count();
    }

    @Override
    public Optional<Instant> lastVisitOf(VisitorName visitor) {
        return Optional.ofNullable(calls.parse(calls.send(read("last-visit", visitor)), LastVisitAnswer.class,
                answer -> true, "{\"lastVisit\":\"an instant\" or null}").lastVisit());
    }

    @Override
    public String recommendationFor(VisitorName visitor) {
        return calls.parse(calls.send(read("recommendation", visitor)), RecommendationAnswer.class,
                answer -> answer.recommendation() != null && !answer.recommendation().isBlank(),
                "{\"recommendation\":\"...\"}").recommendation();
    }

    private HttpRequest read(String what, VisitorName visitor) {
        return calls.request("/visitors/" + what + "?who=" + URLEncoder.encode(visitor.value(), StandardCharsets.UTF_8))
                .GET().build();
    }
}
