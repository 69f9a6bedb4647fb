package dev.vtlab.archfixture.adapters.in.web;

import dev.vtlab.archfixture.application.service.GreetingService;

/** Fixture violation: a web adapter that reaches the use case's implementation instead of its port. */
public class WebAdapterCallingTheServiceItself {

    public String call(GreetingService service) {
        return service.greet();
    }
}
