package dev.vtlab.lab;

import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The four endpoints in the whole server, on each of the three web servers (the same contract whatever delivers
 * it): each greets with the lab's thread report and saves one visit, but {@code /callable} on Netty, which has no
 * WebFlux form and says so; what only the web server and Boot decide (a malformed query, 404, 405) gets a problem
 * detail and saves nothing; the lab's own endpoints. The web adapter's contract alone (names, 400s, 406) is
 * {@code HelloControllerTest}, a slice.
 */
@ExtendWith(OutputCaptureExtension.class)
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {"tomcat", "jetty", "netty"})
class HelloEndpointsTest {

    private static RunningServer server;

    @Parameter
    String webServer;

    @BeforeParameterizedClassInvocation
    static void start(String webServer) {
        server = RunningServer.start(false, false, false, false, "--vtlab.web-server=" + webServer,
                "--vtlab.fan-out.visit-count-delay=5ms", "--vtlab.fan-out.last-visit-delay=5ms",
                "--vtlab.fan-out.recommendation-delay=5ms");
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        server.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped"})
    void every_style_greets_and_counts_one_visit(String path) {
        long before = visitsSaved();

        HttpResponse<String> response = server.get(path + "?name=Ada");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"message\":\"Hello, Ada! You are visitor number ")
                .contains("\"acceptedBy\":{").contains("\"completedBy\":{").contains("\"kind\":\"PLATFORM\"");
        assertThat(visitsSaved()).isEqualTo(before + 1);
    }

    /** Spring MVC runs a Callable (on Tomcat and Jetty); WebFlux (on Netty) has no step for it, and says so. */
    @Test
    void callable_greets_on_spring_mvc_and_is_a_501_problem_detail_on_webflux_that_saves_nothing() {
        boolean webFlux = webServer.equals("netty");
        long before = visitsSaved();

        HttpResponse<String> response = server.get("/callable?name=Ada");

        if (webFlux) {
            assertProblem(response, 501, "No WebFlux form");
            assertThat(response.body()).contains("only Spring MVC runs", "use /sync", "/wrapped");
        } else {
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"message\":\"Hello, Ada! You are visitor number ");
        }
        assertThat(visitsSaved()).isEqualTo(before + (webFlux ? 0 : 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"%zz", "%ff%fe", "%4"})
    void a_malformed_percent_encoding_is_a_400_problem_detail_and_saves_nothing(String name,
                                                                                 CapturedOutput output) {
        long before = visitsSaved();

        String response = server.rawGet("/sync?name=" + name);

        assertThat(response).startsWith("HTTP/1.1 400").contains("application/problem+json")
                .contains("\"title\":\"Invalid request parameter\"").contains("not valid percent-encoded UTF-8");
        assertThat(output.getOut()).doesNotContain("ERROR");
        assertThat(visitsSaved()).isEqualTo(before);
    }

    @Test
    void an_unknown_path_is_a_404_problem_detail() {
        assertProblem(server.get("/nowhere"), 404, "Not Found");
    }

    @Test
    void a_wrong_method_is_a_405_problem_detail() {
        long before = visitsSaved();

        HttpResponse<String> response = server.send(HttpRequest.newBuilder(server.base().resolve("/sync"))
                .POST(HttpRequest.BodyPublishers.noBody()));

        assertProblem(response, 405, "Method Not Allowed");
        assertThat(visitsSaved()).isEqualTo(before);
    }

    @Test
    void request_parameters_cannot_change_delays_or_flags() {
        server.get("/sync?vtlab.repository.count-delay=0&vtlab.virtual-threads.tomcat=true");

        assertThat(server.get("/lab/environment").body())
                .contains("\"repositoryCountDelayMs\":5").contains("\"label\":\"T0 A0 W0 R0\"");
    }

    @Test
    void lab_endpoints_other_than_reset_do_not_accept_post() {
        for (String path : new String[] {"/lab/threads", "/lab/environment", "/lab/jvm", "/lab/visits",
                "/lab/fanout"}) {
            HttpResponse<String> response = server.send(HttpRequest.newBuilder(server.base().resolve(path))
                    .POST(HttpRequest.BodyPublishers.noBody()));
            assertThat(response.statusCode()).as(path).isEqualTo(405);
        }
        assertThat(server.send(HttpRequest.newBuilder(server.base().resolve("/lab/threads/reset"))
                .POST(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(200);
    }

    /**
     * {@code /fanout} (the default way, {@code sequential}) through the composition root's hook: the lab counts its
     * answer at {@code /lab/fanout}, nothing left running, each branch on the request's thread with its id, and each
     * branch's log line shows the request id in the server's own pattern, between the thread and the logger.
     */
    @Test
    void the_lab_counts_the_fan_outs_answer_and_each_branchs_line_carries_the_request_id(CapturedOutput output) {
        server.send(HttpRequest.newBuilder(server.base().resolve("/lab/threads/reset"))
                .POST(HttpRequest.BodyPublishers.noBody()));
        String requestId = "req-lab-" + webServer;

        HttpResponse<String> card = server.send(HttpRequest.newBuilder(server.base().resolve("/fanout?name=Ada"))
                .header("X-Request-Id", requestId).GET());

        assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
        assertThat(server.get("/lab/fanout").body()).isEqualTo("{\"way\":\"sequential\",\"answered\":1,\"failed\":0,"
                + "\"branchesRunningAtTheAnswer\":0,\"readsStartedAfterTheAnswer\":0,\"runningPastTheAnswerNow\":0,"
                + "\"branchesWithTheRequestId\":3,\"branchesWithNoRequestId\":0,\"branchesWithAnotherRequestsId\":0}");
        for (String branch : new String[] {"visit-count", "last-visit", "recommendation"}) {
            assertThat(output.getOut()).containsPattern("\\[" + requestId + "\\] \\S*BranchRecorder +: read " + branch
                    + " answered");
        }
    }

    private static void assertProblem(HttpResponse<String> response, int status, String title) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":" + status).contains("\"title\":\"" + title + "\"");
    }

    private static long visitsSaved() {
        return server.bean(VisitCountSource.class).visitsSaved();
    }
}
