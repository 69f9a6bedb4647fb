package dev.vtlab.application.port.in;

import dev.vtlab.domain.Greeting;
import dev.vtlab.domain.VisitorName;

import java.util.concurrent.CompletableFuture;

/** Use case: greet a visitor with their visitor number, and record the visit. */
public interface SayHelloUseCase {

    /** Blocking style: counts, builds the greeting, saves; returns when all is done. */
    Greeting sayHello(VisitorName visitor);

    /**
     * Asynchronous style: composes {@code countAsync} then {@code saveAsync}. The future completes on whatever
     * thread the repository completes it on; this use case adds no thread of its own.
     */
    CompletableFuture<Greeting> sayHelloAsync(VisitorName visitor);
}
