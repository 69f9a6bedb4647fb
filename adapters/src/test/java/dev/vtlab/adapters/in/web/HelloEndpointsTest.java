package dev.vtlab.adapters.in.web;

import dev.vtlab.adapters.RunningServer;
import dev.vtlab.adapters.lab.VisitCounter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The four endpoints answer the greeting; bad requests get RFC 9457 problem details and save nothing. */
@ExtendWith(OutputCaptureExtension.class)
class HelloEndpointsTest {

    private static RunningServer server;

    @BeforeAll
    static void start() {
        server = RunningServer.start(false, false, false, false);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void every_style_greets_and_counts_one_visit(String path) {
        long before = visitsSaved();

        HttpResponse<String> response = server.get(path + "?name=Ada");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"message\":\"Hello, Ada! You are visitor number ")
                .contains("\"acceptedBy\":{").contains("\"completedBy\":{").contains("\"kind\":\"PLATFORM\"");
        assertThat(visitsSaved()).isEqualTo(before + 1);
    }

    @Test
    void a_missing_name_greets_the_world() {
        assertThat(server.get("/sync").body()).contains("Hello, World!");
    }

    /** As docs/running.md says: an empty {@code name=} is no name; a name of blanks only is a bad name. */
    @Test
    void an_empty_name_greets_the_world_and_a_name_of_blanks_is_a_400() {
        assertThat(server.get("/sync?name=").body()).contains("Hello, World!");

        HttpResponse<String> blanks = server.get("/sync?name=%20%20");

        assertProblem(blanks, 400, "Invalid request parameter");
        assertThat(blanks.body()).contains("\"parameter\":\"name\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void a_name_longer_than_64_characters_is_a_400_naming_the_parameter_and_saves_nothing(String path) {
        long before = visitsSaved();

        HttpResponse<String> response = server.get(path + "?name=" + "a".repeat(65));

        assertProblem(response, 400, "Invalid request parameter");
        assertThat(response.body()).contains("\"parameter\":\"name\"")
                .contains("visitor name must be at most 64 characters, was 65");
        assertThat(visitsSaved()).isEqualTo(before);
    }

    @Test
    void a_name_with_control_characters_is_a_400() {
        long before = visitsSaved();

        HttpResponse<String> response = server.get("/sync?name=Ada%0ABob");

        assertProblem(response, 400, "Invalid request parameter");
        assertThat(response.body()).contains("must not contain control characters");
        assertThat(visitsSaved()).isEqualTo(before);
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

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void a_name_given_twice_is_a_400_and_saves_nothing(String path) {
        long before = visitsSaved();

        HttpResponse<String> response = server.get(path + "?name=Ada&name=Grace");

        assertProblem(response, 400, "Invalid request parameter");
        assertThat(response.body()).contains("Request parameter 'name' is given 2 times; give it once.");
        assertThat(visitsSaved()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void a_request_that_accepts_no_json_is_a_406_and_saves_nothing(String path) {
        long before = visitsSaved();

        HttpResponse<String> response = server.send(java.net.http.HttpRequest.newBuilder(
                server.base().resolve(path + "?name=Ada")).header("Accept", "application/xml").GET());

        assertThat(response.statusCode()).isEqualTo(406);
        assertThat(visitsSaved()).isEqualTo(before);
    }

    @Test
    void a_comma_is_just_a_character_of_a_name() {
        assertThat(server.get("/sync?name=Lovelace,%20Ada").body()).contains("Hello, Lovelace, Ada!");
    }

    @Test
    void names_are_measured_in_characters_as_a_reader_counts_them() {
        String emoji40 = URLEncoder.encode("\uD83D\uDE00".repeat(40), StandardCharsets.UTF_8);

        assertThat(server.get("/sync?name=" + emoji40).statusCode()).isEqualTo(200);
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
        for (String path : new String[] {"/lab/threads", "/lab/environment", "/lab/jvm", "/lab/visits"}) {
            HttpResponse<String> response = server.send(HttpRequest.newBuilder(server.base().resolve(path))
                    .POST(HttpRequest.BodyPublishers.noBody()));
            assertThat(response.statusCode()).as(path).isEqualTo(405);
        }
        assertThat(server.send(HttpRequest.newBuilder(server.base().resolve("/lab/threads/reset"))
                .POST(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(200);
    }

    private static void assertProblem(HttpResponse<String> response, int status, String title) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":" + status).contains("\"title\":\"" + title + "\"");
    }

    private static long visitsSaved() {
        return server.bean(VisitCounter.class).visitsSaved();
    }
}
