package dev.vtlab.lab;

import dev.vtlab.adapters.in.web.HelloResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.HandlerResult;
import org.springframework.web.reactive.HandlerResultHandler;
import org.springframework.web.reactive.result.method.annotation.ResponseBodyResultHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.concurrent.CompletableFuture;

/**
 * Lab result handler, on Spring WebFlux: what {@link WebLayerRecorder} and {@link ThreadReportAdvice} do on Spring
 * MVC, from outside the controller, in the one WebFlux hook that runs on the thread that called it. WebFlux hands a
 * controller method's return value to its result handlers on the thread the method ran on: the executor for
 * blocking methods (flag T) for {@code /sync}, Netty's event loop for a method that returns a future. That is the
 * web entry; the thread that produced the greeting (the same for {@code /sync}, the one that completed the future
 * otherwise) is the web completion. The greeting is then written by WebFlux's own handler, with its thread report.
 */
public final class WebFluxLayerRecorder implements HandlerResultHandler, Ordered {

    private final ThreadPlacement placement;
    private final Class<?> recordedController;
    private final ObjectProvider<ResponseBodyResultHandler> writer;

    /**
     * @param placement          where the threads are counted
     * @param recordedController the controller whose requests are recorded (the lab's own are not)
     * @param writer             WebFlux's handler for response bodies, which writes the reported greeting
     */
    public WebFluxLayerRecorder(ThreadPlacement placement, Class<?> recordedController,
                                ObjectProvider<ResponseBodyResultHandler> writer) {
        this.placement = placement;
        this.recordedController = recordedController;
        this.writer = writer;
    }

    @Override
    public boolean supports(HandlerResult result) {
        return result.getHandler() instanceof HandlerMethod method && method.getBeanType() == recordedController
                && (result.getReturnValue() instanceof HelloResponse
                || result.getReturnValue() instanceof CompletableFuture<?>);
    }

    @Override
    public Mono<Void> handleResult(ServerWebExchange exchange, HandlerResult result) {
        ThreadSeen acceptedBy = placement.record(Layer.WEB_ENTRY);
        Object value = result.getReturnValue();
        Object reported = value instanceof CompletableFuture<?> future
                ? future.thenApply(greeting -> reported(greeting, acceptedBy)) : reported(value, acceptedBy);
        return writer.getObject().handleResult(exchange, new HandlerResult(result.getHandler(), reported,
                result.getReturnTypeSource(), result.getBindingContext()));
    }

    /** The greeting with its thread report, recorded on the thread that produced it. */
    private Object reported(Object greeting, ThreadSeen acceptedBy) {
        return greeting instanceof HelloResponse hello
                ? new ThreadReportAdvice.ReportedGreeting(hello, acceptedBy, placement.record(Layer.WEB_COMPLETION))
                : greeting;
    }

    /** Before WebFlux's own handlers, after the refusal of a {@code Callable} (which has no WebFlux form). */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }
}
