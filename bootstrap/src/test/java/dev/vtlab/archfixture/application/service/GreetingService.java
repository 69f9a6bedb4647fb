package dev.vtlab.archfixture.application.service;

/** Fixture: a use case's implementation, which only the composition root may name. */
public class GreetingService {

    public String greet() {
        return "hello";
    }
}
