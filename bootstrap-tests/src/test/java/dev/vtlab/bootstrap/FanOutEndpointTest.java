package dev.vtlab.bootstrap;

import com.jayway.jsonpath.JsonPath;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.domain.VisitorName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /fanout} on each web server, started once each: the card, which thread ran each branch and the request
 * id each found there (futures on W's virtual threads, the composition root carrying the id), and a failing or a
 * late branch answered as a problem detail naming it (each branch's log line, each way on each server:
 * {@link RequestIdOnEachServerTest}). Statuses, names and messages only, never a duration.
 */
class FanOutEndpointTest {

    /** Holds the late visitor's recommendation past the deadline; released once the 504 has been answered. */
    private static volatile CountDownLatch release = new CountDownLatch(1);

    /**
     * The test's recorder on the composition root's hook for the recommendation port: it fails for the visitor
     * named {@code Failing} and is late for {@code Late}; anyone else gets the sleepy adapter's answer.
     */
    @Configuration(proxyBeanMethods = false)
    static class TroubledRecommendations {

        @Bean
        UnaryOperator<Recommendations> troubledRecommendations() {
            return adapter -> visitor -> switch (visitor.value()) {
                case "Failing" -> throw new IllegalStateException("the recommendation store is down");
                case "Late" -> held(adapter, visitor);
                default -> adapter.recommendationFor(visitor);
            };
        }

        private static String held(Recommendations adapter, VisitorName visitor) {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return adapter.recommendationFor(visitor);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty", "netty"})
    void each_web_server_serves_the_card_and_names_a_failing_or_a_late_branch(String webServer) {
        release = new CountDownLatch(1);
        try (RunningServer server = RunningServer.startWith(List.of(TroubledRecommendations.class),
                "--vtlab.web-server=" + webServer, "--vtlab.fan-out=futures",
                "--vtlab.virtual-threads.wrapper=true", "--vtlab.fan-out.deadline=1s",
                "--vtlab.fan-out.visit-count-delay=50ms", "--vtlab.fan-out.last-visit-delay=50ms",
                "--vtlab.fan-out.recommendation-delay=50ms")) {

            HttpResponse<String> card = server.send(HttpRequest.newBuilder(server.base().resolve("/fanout?name=Ada"))
                    .header("X-Request-Id", "req-" + webServer).GET());
            assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
            assertThat(card.headers().firstValue("X-Request-Id")).contains("req-" + webServer);
            String body = card.body();
            assertThat(JsonPath.<String>read(body, "$.who")).isEqualTo("Ada");
            assertThat(JsonPath.<Integer>read(body, "$.visits")).isZero();
            assertThat(JsonPath.<String>read(body, "$.recommendation")).isNotBlank();
            assertThat(JsonPath.<List<String>>read(body, "$.branches[*].branch"))
                    .containsExactly("visit-count", "last-visit", "recommendation");
            assertThat(JsonPath.<List<String>>read(body, "$.branches[*].thread")).doesNotHaveDuplicates()
                    .allMatch(thread -> thread.startsWith("vt-wrapper-"));
            assertThat(JsonPath.<List<Boolean>>read(body, "$.branches[*].virtual")).containsOnly(true);
            assertThat(JsonPath.<List<String>>read(body, "$.branches[*].requestId")).containsOnly("req-" + webServer);

            HttpResponse<String> unnamed = server.get("/fanout?name=Ada");
            String madeId = JsonPath.read(unnamed.body(), "$.requestId");
            assertThat(madeId).isNotBlank();
            assertThat(JsonPath.<List<String>>read(unnamed.body(), "$.branches[*].requestId")).containsOnly(madeId);

            HttpResponse<String> failed = server.get("/fanout?name=Failing");
            assertThat(failed.statusCode()).as(failed.body()).isEqualTo(502);
            assertThat(failed.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                    assertThat(type).startsWith("application/problem+json"));
            assertThat(JsonPath.<String>read(failed.body(), "$.title")).isEqualTo("Fan-out branch failed");
            assertThat(JsonPath.<String>read(failed.body(), "$.branch")).isEqualTo("recommendation");
            assertThat(JsonPath.<String>read(failed.body(), "$.detail")).contains("the recommendation store is down");

            HttpResponse<String> late = server.get("/fanout?name=Late");
            release.countDown();
            assertThat(late.statusCode()).as(late.body()).isEqualTo(504);
            assertThat(JsonPath.<String>read(late.body(), "$.title")).isEqualTo("Fan-out branch timed out");
            assertThat(JsonPath.<String>read(late.body(), "$.branch")).isEqualTo("recommendation");
            assertThat(JsonPath.<Integer>read(late.body(), "$.deadlineMillis")).isEqualTo(1000);

            HttpResponse<String> badName = server.get("/fanout?name=Ada&name=Bob");
            assertThat(badName.statusCode()).isEqualTo(400);
            assertThat(JsonPath.<String>read(badName.body(), "$.parameter")).isEqualTo("name");
        } finally {
            release.countDown();
        }
    }
}
