package dev.vtlab.adapters;

import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.application.service.SayHelloService;
import dev.vtlab.domain.Greeting;
import dev.vtlab.domain.VisitorName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The use case's contract over a persistence adapter: the same tests, unchanged, for every adapter of the
 * {@link VisitRepository} port. The core is the production {@link SayHelloService}; only the adapter differs.
 * Each adapter's test class says how to build a fresh one.
 */
public abstract class VisitRepositoryContract {

    /** Longer than any call of these tests can take; a hang fails instead of blocking the build. */
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private VisitRepository repository;
    private SayHelloUseCase sayHello;

    /** A fresh adapter holding no visits. */
    protected abstract VisitRepository freshRepository();

    @BeforeEach
    void wire() {
        repository = freshRepository();
        sayHello = new SayHelloService(repository);
    }

    @Test
    void a_fresh_repository_counts_no_visits() {
        assertThat(repository.count()).isZero();
        assertThat(repository.countAsync()).succeedsWithin(DEADLINE).isEqualTo(0L);
    }

    @Test
    void the_blocking_style_numbers_visitors_in_order_and_saves_each() {
        Greeting first = sayHello.sayHello(new VisitorName("Ada"));
        Greeting second = sayHello.sayHello(new VisitorName("Grace"));

        assertThat(first.visitorNumber()).isEqualTo(1);
        assertThat(second.message()).isEqualTo("Hello, Grace! You are visitor number 2.");
        assertThat(repository.count()).isEqualTo(2);
    }

    @Test
    void the_async_style_numbers_visitors_in_order_and_saves_each() {
        assertThat(sayHello.sayHelloAsync(new VisitorName("Ada"))).succeedsWithin(DEADLINE)
                .extracting(Greeting::visitorNumber).isEqualTo(1L);
        assertThat(sayHello.sayHelloAsync(new VisitorName("Grace"))).succeedsWithin(DEADLINE)
                .extracting(Greeting::message).isEqualTo("Hello, Grace! You are visitor number 2.");
        assertThat(repository.countAsync()).succeedsWithin(DEADLINE).isEqualTo(2L);
    }

    @Test
    void both_styles_share_one_store() {
        sayHello.sayHello(new VisitorName("Ada"));
        assertThat(sayHello.sayHelloAsync(VisitorName.ANONYMOUS)).succeedsWithin(DEADLINE)
                .extracting(Greeting::message).isEqualTo("Hello, World! You are visitor number 2.");
    }
}
