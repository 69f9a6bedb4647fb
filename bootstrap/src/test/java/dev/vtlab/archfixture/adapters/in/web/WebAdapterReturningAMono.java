package dev.vtlab.archfixture.adapters.in.web;

import reactor.core.publisher.Mono;

/** Fixture violation: the shared web adapter answering in WebFlux's own type, so that Spring MVC alone no longer fits. */
public class WebAdapterReturningAMono {

    public Mono<String> greet(String name) {
        return Mono.just("Hello, " + name);
    }
}
