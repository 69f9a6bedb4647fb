package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import dev.vtlab.downstream.serving.Readings;
import dev.vtlab.downstream.visitstore.VisitStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A visit store that is down, too slow, failing or talking nonsense: the request gets a 502 or 504 problem detail
 * naming the store, nothing is counted as saved, and the server answers the next request once the store is back.
 */
class VisitStoreFaultsTest {

    private static final String[] ENDPOINTS = {"/sync", "/async", "/wrapped", "/callable"};

    @Test
    void a_store_that_is_down_is_a_502_and_the_server_recovers_when_it_is_back() {
        int port = Downstreams.portNoOneIsGiven();
        URI url = URI.create("http://127.0.0.1:" + port);
        try (RunningServer server = serverUsing(url)) {
            for (String path : ENDPOINTS) {
                assertProblem(server.get(path + "?name=Ada"), 502, "Visit store failed", "UNREACHABLE", url);
            }
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isZero();

            try (VisitStore back = Downstreams.visitStore(port, Duration.ZERO)) {
                assertThat(server.get("/sync?name=Ada").statusCode()).isEqualTo(200);
                assertThat(back.saved()).isEqualTo(1);
                assertThat(server.bean(VisitCountSource.class).visitsSaved()).isEqualTo(1);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async"})
    void a_store_slower_than_the_timeout_is_a_504_and_nothing_is_counted(String path) {
        try (VisitStore store = Downstreams.visitStore(0, Duration.ZERO); RunningServer server = serverUsing(store.url())) {
            store.inject(VisitStore.Fault.TOO_SLOW);

            assertProblem(server.get(path + "?name=Ada"), 504, "Visit store timed out", "TIMEOUT", store.url());
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isZero();

            store.inject(VisitStore.Fault.NONE);
            assertThat(server.get(path + "?name=Ada").statusCode()).isEqualTo(200);
        }
    }

    /** On every web server: the problem detail is the composition root's, whatever delivers it. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"tomcat, /sync", "tomcat, /async", "jetty, /sync", "netty, /sync", "netty, /async"})
    void a_store_answering_500_is_a_502_and_nothing_is_counted(String webServer, String path) {
        try (VisitStore store = Downstreams.visitStore(0, Duration.ZERO);
             RunningServer server = serverUsing(store.url(), "--vtlab.web-server=" + webServer)) {
            store.inject(VisitStore.Fault.ANSWERS_500);

            HttpResponse<String> response = server.get(path + "?name=Ada");

            assertProblem(response, 502, "Visit store failed", "BAD_STATUS", store.url());
            assertThat(response.body()).contains("answered HTTP 500");
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async"})
    void a_store_answering_a_malformed_body_is_a_502(String path) {
        try (VisitStore store = Downstreams.visitStore(0, Duration.ZERO); RunningServer server = serverUsing(store.url())) {
            store.inject(VisitStore.Fault.ANSWERS_GARBAGE);

            HttpResponse<String> response = server.get(path + "?name=Ada");

            assertProblem(response, 502, "Visit store failed", "MALFORMED_ANSWER", store.url());
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isZero();
        }
    }

    /** The card's reads go to the store too: what it holds, and a failing store named with the branch. */
    @Test
    void the_fan_out_reads_the_store_and_a_store_answering_500_is_a_502_naming_the_first_branch() {
        try (VisitStore store = Downstreams.visitStore(0, Duration.ZERO); RunningServer server = serverUsing(store.url())) {
            assertThat(server.get("/sync?name=Ada").statusCode()).isEqualTo(200);

            HttpResponse<String> card = server.get("/fanout?name=Ada");
            assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
            assertThat(card.body()).contains("\"visits\":1", "\"recommendation\":\"" + Readings.after(1) + "\"");

            store.inject(VisitStore.Fault.ANSWERS_500);
            HttpResponse<String> failed = server.get("/fanout?name=Ada");
            assertProblem(failed, 502, "Visit store failed", "BAD_STATUS", store.url());
            assertThat(failed.body()).contains("\"branch\":\"visit-count\"",
                    "The visit-count branch of the fan-out failed: ").doesNotContain("not counted as saved");
        }
    }

    private static RunningServer serverUsing(URI store, String... more) {
        return RunningServer.start(false, false, false, false, Stream.concat(Stream.of("--vtlab.repository.kind=http",
                "--vtlab.repository.url=" + store, "--vtlab.repository.timeout=300ms"), Stream.of(more))
                .toArray(String[]::new));
    }

    private static void assertProblem(HttpResponse<String> response, int status, String title, String failure,
                                      URI store) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"title\":\"" + title + "\"")
                .contains("\"downstream\":\"" + store + "\"").contains("\"failure\":\"" + failure + "\"");
    }
}
