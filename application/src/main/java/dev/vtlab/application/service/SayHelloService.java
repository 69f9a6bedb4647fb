package dev.vtlab.application.service;

import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Greeting;
import dev.vtlab.domain.Visit;
import dev.vtlab.domain.VisitorName;

import java.util.concurrent.CompletableFuture;

/**
 * Use case service: says hello in both styles over the same {@link VisitRepository}.
 * It never creates a thread or picks an executor, so moving virtual threads around never changes this class.
 */
public final class SayHelloService implements SayHelloUseCase {

    private final VisitRepository visits;

    public SayHelloService(VisitRepository visits) {
        this.visits = visits;
    }

    @Override
    public Greeting sayHello(VisitorName visitor) {
        Visit visit = Visit.next(visitor, visits.count());
        visits.save(visit);
        return Greeting.of(visit);
    }

    @Override
    public CompletableFuture<Greeting> sayHelloAsync(VisitorName visitor) {
        return visits.countAsync()
                .thenApply(count -> Visit.next(visitor, count))
                .thenCompose(visit -> visits.saveAsync(visit).thenApply(saved -> Greeting.of(visit)));
    }
}
