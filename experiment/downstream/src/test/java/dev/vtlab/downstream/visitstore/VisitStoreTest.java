package dev.vtlab.downstream.visitstore;

import dev.vtlab.downstream.serving.Readings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** The visit store's protocol: count, save, stats, and clear answers to wrong requests. */
class VisitStoreTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private VisitStore store;

    @AfterEach
    void stop() {
        client.close();
        store.close();
    }

    @Test
    void it_counts_what_it_saved_and_reports_it_at_once() throws Exception {
        store = VisitStore.start(0, Duration.ofMillis(5), Duration.ofMillis(5));

        assertThat(get("/visits/count").body()).isEqualTo("{\"count\":0}");
        HttpResponse<String> saved = post("{\"who\":\"Ada\",\"visitorNumber\":1}");
        assertThat(saved.statusCode()).isEqualTo(201);
        assertThat(saved.body()).isEqualTo("{\"saved\":1}");
        assertThat(get("/visits/count").body()).isEqualTo("{\"count\":1}");
        assertThat(get("/stats").body()).isEqualTo("{\"saved\":1}");
    }

    @Test
    void concurrent_saves_are_all_counted() throws Exception {
        store = VisitStore.start(0, Duration.ZERO, Duration.ofMillis(50));
        List<CompletableFuture<HttpResponse<String>>> saves = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            saves.add(client.sendAsync(postRequest("{\"who\":\"Ada\",\"visitorNumber\":" + i + "}"),
                    HttpResponse.BodyHandlers.ofString()));
        }

        assertThat(CompletableFuture.allOf(saves.toArray(CompletableFuture[]::new))).succeedsWithin(DEADLINE);
        assertThat(saves).allSatisfy(save -> assertThat(save.join().statusCode()).isEqualTo(201));
        assertThat(store.saved()).isEqualTo(100);
    }

    @Test
    void the_card_reads_answer_what_the_visitor_saved_and_refuse_a_missing_name() throws Exception {
        store = VisitStore.start(0, Duration.ZERO, Duration.ZERO);

        assertThat(get("/visitors/visits?who=Ada").body()).isEqualTo("{\"count\":0}");
        assertThat(get("/visitors/last-visit?who=Ada").body()).isEqualTo("{\"lastVisit\":null}");
        assertThat(get("/visitors/recommendation?who=Ada").body())
                .isEqualTo("{\"recommendation\":\"" + Readings.IN_TURN.get(0) + "\"}");
        Instant before = Instant.now().minusSeconds(1);
        post("{\"who\":\"Ada Lovelace\",\"visitorNumber\":1}");
        post("{\"who\":\"Grace\",\"visitorNumber\":2}");

        assertThat(get("/visitors/visits?who=Ada+Lovelace").body()).isEqualTo("{\"count\":1}");
        assertThat(get("/visitors/visits?who=Ada").body()).isEqualTo("{\"count\":0}");
        String lastVisit = get("/visitors/last-visit?who=Ada%20Lovelace").body();
        assertThat(Instant.parse(lastVisit.substring("{\"lastVisit\":\"".length(), lastVisit.length() - 2)))
                .isAfter(before);
        assertThat(get("/visitors/recommendation?who=Grace").body())
                .isEqualTo("{\"recommendation\":\"" + Readings.IN_TURN.get(1) + "\"}");
        assertThat(get("/visitors/visits").statusCode()).isEqualTo(400);
        assertThat(get("/visitors/visits?who=").statusCode()).isEqualTo(400);
    }

    @Test
    void a_bad_body_wrong_method_or_unknown_path_is_refused_and_saves_nothing() throws Exception {
        store = VisitStore.start(0, Duration.ZERO, Duration.ZERO);

        assertThat(post("not json").statusCode()).isEqualTo(400);
        assertThat(post("{\"who\":\"Ada\"}").statusCode()).isEqualTo(400);
        assertThat(get("/visits").statusCode()).isEqualTo(405);
        assertThat(get("/elsewhere").statusCode()).isEqualTo(404);
        assertThat(store.saved()).isZero();
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(store.url().resolve(path)).timeout(DEADLINE).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String body) throws IOException, InterruptedException {
        return client.send(postRequest(body), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest postRequest(String body) {
        return HttpRequest.newBuilder(store.url().resolve("/visits")).timeout(DEADLINE)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }
}
