package dev.vtlab.reference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference on its own: it greets as vtlab does, counts visits, refuses a blank name, and answers its live
 * heap. (That its answer has the shape of vtlab's {@code /sync} is checked against the real server by the load
 * generator's {@code ReferenceContractTest}.)
 */
class ReferenceWebFluxTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static ConfigurableApplicationContext context;
    private static URI base;

    @BeforeAll
    static void start() {
        context = SpringApplication.run(ReferenceWebFlux.class, "--server.port=0",
                "--reference.count-delay=5ms", "--reference.save-delay=5ms");
        base = URI.create("http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort());
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    @Test
    void greets_the_visitor_and_counts_the_visit() throws Exception {
        HttpResponse<String> first = get("/reactive?name=Ada");
        HttpResponse<String> second = get("/reactive");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).startsWith("{\"message\":\"Hello, Ada! You are visitor number ")
                .contains("\"who\":\"Ada\"");
        assertThat(second.body()).contains("\"who\":\"World\"");
        long firstNumber = number(first.body());
        assertThat(number(second.body())).isEqualTo(firstNumber + 1);
    }

    @Test
    void a_blank_name_gets_a_problem_detail() throws Exception {
        HttpResponse<String> response = get("/reactive?name=%20");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("\"detail\":\"visitor name must not be blank\"");
    }

    @Test
    void answers_the_live_heap_as_a_class_histogram() throws Exception {
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(base.resolve("/lab/jvm/histogram"))
                .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("java.lang.String").containsPattern("(?m)^Total\\s+\\d+\\s+\\d+\\s*$");
    }

    private static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(Duration.ofSeconds(10)).GET()
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static long number(String body) {
        return Long.parseLong(body.replaceAll(".*\"visitorNumber\":(\\d+).*", "$1"));
    }
}
