package dev.vtlab.adapters.in.webflux;

import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.reactive.HandlerResult;
import org.springframework.web.reactive.HandlerResultHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.concurrent.Callable;

/**
 * A {@code Callable} return value on Spring WebFlux: a 501 problem detail that says why, never a 500 with a stack.
 * Spring MVC runs a {@code Callable} on {@code applicationTaskExecutor} (flag A); WebFlux has no such step and would
 * try to write the {@code Callable} itself as JSON. {@code /sync} and {@code /wrapped} are the forms that serve the
 * same use case there. Asked before WebFlux's own result handlers; the refusal goes through the controller's
 * exception handling, so it is written as every other problem detail is.
 */
public final class CallableHasNoWebFluxForm implements HandlerResultHandler, Ordered {

    static final String DETAIL = "This endpoint returns a Callable, which only Spring MVC runs (on "
            + "applicationTaskExecutor, flag A). Spring WebFlux has no Callable form: use /sync (blocking, on the "
            + "executor for blocking methods, flag T) or /wrapped (a CompletableFuture, flag W).";

    @Override
    public boolean supports(HandlerResult result) {
        return Callable.class.isAssignableFrom(result.getReturnType().toClass());
    }

    @Override
    public Mono<Void> handleResult(ServerWebExchange exchange, HandlerResult result) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_IMPLEMENTED, DETAIL);
        problem.setTitle("No WebFlux form");
        return Mono.error(new ErrorResponseException(HttpStatus.NOT_IMPLEMENTED, problem, null));
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
