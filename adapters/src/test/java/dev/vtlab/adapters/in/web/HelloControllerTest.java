package dev.vtlab.adapters.in.web;

import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.domain.Greeting;
import dev.vtlab.domain.Visit;
import dev.vtlab.domain.VisitorName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web adapter's HTTP contract as a slice: the controller and its advice in Spring MVC, no Tomcat, the use case
 * faked so that a test sees whether it was called at all. What needs the whole server (the thread report, Tomcat's
 * own decoding of a malformed query, Boot's 404 and 405) is tested in the bootstrap module.
 */
@WebMvcTest(controllers = HelloController.class)
class HelloControllerTest {

    /** The slice's configuration: the controller on a fake use case, {@code /wrapped} on the calling thread. */
    @SpringBootConfiguration
    static class Slice {

        @Bean
        FakeSayHello sayHello() {
            return new FakeSayHello();
        }

        @Bean
        HelloController helloController(FakeSayHello sayHello) {
            Executor callingThread = Runnable::run;
            return new HelloController(sayHello, callingThread);
        }

        @Bean
        BadRequestAdvice badRequestAdvice() {
            return new BadRequestAdvice();
        }
    }

    /** Greets as the real use case does, and keeps every name it was asked to greet. */
    static final class FakeSayHello implements SayHelloUseCase {

        final List<VisitorName> greeted = new CopyOnWriteArrayList<>();

        @Override
        public Greeting sayHello(VisitorName visitor) {
            Greeting greeting = Greeting.of(Visit.next(visitor, greeted.size()));
            greeted.add(visitor);
            return greeting;
        }

        @Override
        public CompletableFuture<Greeting> sayHelloAsync(VisitorName visitor) {
            return CompletableFuture.completedFuture(sayHello(visitor));
        }
    }

    @Autowired
    MockMvcTester mvc;
    @Autowired
    FakeSayHello useCase;

    @BeforeEach
    void forget() {
        useCase.greeted.clear();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void every_style_greets_through_the_use_case_once(String path) {
        MvcTestResult result = mvc.get().uri(path + "?name=Ada").exchange();

        assertThat(result).hasStatusOk().hasContentType(MediaType.APPLICATION_JSON)
                .bodyJson().extractingPath("$.message").isEqualTo("Hello, Ada! You are visitor number 1.");
        assertThat(useCase.greeted).containsExactly(new VisitorName("Ada"));
    }

    @Test
    void a_missing_or_empty_name_greets_the_world() {
        assertThat(mvc.get().uri("/sync").exchange()).bodyJson().extractingPath("$.who").isEqualTo("World");
        assertThat(mvc.get().uri("/sync?name=").exchange()).bodyJson().extractingPath("$.who").isEqualTo("World");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void a_name_longer_than_64_characters_is_a_400_naming_the_parameter_before_the_use_case(String path) {
        MvcTestResult result = mvc.get().uri(path + "?name=" + "a".repeat(65)).exchange();

        assertInvalidName(result, "visitor name must be at most 64 characters, was 65");
    }

    @Test
    void a_name_of_blanks_only_is_a_400() {
        assertInvalidName(mvc.get().uri("/sync").param("name", "  ").exchange(), "\"parameter\":\"name\"");
    }

    @Test
    void a_name_with_control_characters_is_a_400() {
        assertInvalidName(mvc.get().uri("/sync").param("name", "Ada\nBob").exchange(), "must not contain control characters");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void a_name_given_twice_is_a_400_before_the_use_case(String path) {
        assertInvalidName(mvc.get().uri(path + "?name=Ada&name=Grace").exchange(),
                "Request parameter 'name' is given 2 times; give it once.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sync", "/async", "/wrapped", "/callable"})
    void a_request_that_accepts_no_json_is_a_406_before_the_use_case(String path) {
        MvcTestResult result = mvc.get().uri(path + "?name=Ada").accept(MediaType.APPLICATION_XML).exchange();

        assertThat(result).hasStatus(406);
        assertThat(useCase.greeted).isEmpty();
    }

    @Test
    void a_comma_is_just_a_character_of_a_name() {
        assertThat(mvc.get().uri("/sync").param("name", "Lovelace, Ada").exchange()).bodyJson().extractingPath("$.who")
                .isEqualTo("Lovelace, Ada");
    }

    @Test
    void names_are_measured_in_characters_as_a_reader_counts_them() {
        String forty = "\uD83D\uDE00".repeat(40);

        assertThat(mvc.get().uri("/sync").param("name", forty).exchange()).hasStatusOk();
        assertThat(useCase.greeted).containsExactly(new VisitorName(forty));
    }

    private void assertInvalidName(MvcTestResult result, String detail) {
        assertThat(result).hasStatus(400).hasContentType(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(result).bodyText().contains("\"title\":\"Invalid request parameter\"", "\"parameter\":\"name\"",
                detail);
        assertThat(useCase.greeted).isEmpty();
    }
}
