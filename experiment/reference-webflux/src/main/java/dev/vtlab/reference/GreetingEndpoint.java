package dev.vtlab.reference;

import dev.vtlab.domain.Greeting;
import dev.vtlab.domain.InvalidVisitorNameException;
import dev.vtlab.domain.Visit;
import dev.vtlab.domain.VisitorName;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The greeting without a waiting thread: vtlab's use case (count the visits, wait; save one, wait; greet) as timers
 * on Netty's event loop. The visits are counted in memory, like vtlab's sleepy repository.
 */
@RestController
class GreetingEndpoint {

    private final AtomicLong visits = new AtomicLong();
    private final Duration countDelay;
    private final Duration saveDelay;

    GreetingEndpoint(@Value("${reference.count-delay:1s}") Duration countDelay,
                     @Value("${reference.save-delay:1s}") Duration saveDelay) {
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
    }

    /** The same answer as vtlab's {@code /sync}: waits {@code count-delay}, then {@code save-delay}. */
    @GetMapping(path = "/reactive", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<GreetingAnswer> greet(@RequestParam(name = "name", required = false) String name) {
        VisitorName visitor = VisitorName.orAnonymous(name);
        return Mono.delay(countDelay).map(tick -> visits.get())
                .delayElement(saveDelay)
                .map(visitsSoFar -> {
                    visits.incrementAndGet();
                    return GreetingAnswer.of(Greeting.of(Visit.next(visitor, visitsSoFar)));
                });
    }

    @ExceptionHandler(InvalidVisitorNameException.class)
    ProblemDetail badName(InvalidVisitorNameException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    /**
     * The answer, in the JSON shape of vtlab's {@code HelloResponse} (a contract test in the load generator compares
     * the two servers' answers).
     */
    record GreetingAnswer(String message, String who, long visitorNumber) {

        static GreetingAnswer of(Greeting greeting) {
            return new GreetingAnswer(greeting.message(), greeting.who(), greeting.visitorNumber());
        }
    }
}
