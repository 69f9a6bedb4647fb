package dev.vtlab.adapters.in.web;

import dev.vtlab.adapters.lab.Layer;
import dev.vtlab.adapters.lab.ThreadPlacement;
import dev.vtlab.adapters.lab.ThreadSeen;
import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.domain.VisitorName;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Web adapter: the hello use case in four styles. The name is validated before any waiting starts, so a bad
 * request is rejected at once and saves nothing.
 */
@RestController
public class HelloController {

    private final SayHelloUseCase sayHello;
    private final Executor wrapperExecutor;
    private final ThreadPlacement placement;

    public HelloController(SayHelloUseCase sayHello, @Qualifier("wrapperExecutor") Executor wrapperExecutor,
                           ThreadPlacement placement) {
        this.sayHello = sayHello;
        this.wrapperExecutor = wrapperExecutor;
        this.placement = placement;
    }

    /** Blocking: the request thread (flag T) waits through count and save. */
    @GetMapping("/sync")
    public HelloResponse sync(@RequestParam(required = false) String name) {
        VisitorName visitor = VisitorName.orAnonymous(name);
        ThreadSeen acceptedBy = placement.record(Layer.WEB_ENTRY);
        return HelloResponse.of(sayHello.sayHello(visitor), acceptedBy, placement.record(Layer.WEB_COMPLETION));
    }

    /** Async all the way down: the request thread returns at once; the repository's executor (flag R) waits. */
    @GetMapping("/async")
    public CompletableFuture<HelloResponse> async(@RequestParam(required = false) String name) {
        VisitorName visitor = VisitorName.orAnonymous(name);
        ThreadSeen acceptedBy = placement.record(Layer.WEB_ENTRY);
        return sayHello.sayHelloAsync(visitor)
                .thenApply(greeting -> HelloResponse.of(greeting, acceptedBy, placement.record(Layer.WEB_COMPLETION)));
    }

    /** The sync use case wrapped in a future: the wrapper's executor (flag W) waits. */
    @GetMapping("/wrapped")
    public CompletableFuture<HelloResponse> wrapped(@RequestParam(required = false) String name) {
        VisitorName visitor = VisitorName.orAnonymous(name);
        ThreadSeen acceptedBy = placement.record(Layer.WEB_ENTRY);
        return CompletableFuture.supplyAsync(() -> {
            placement.record(Layer.WRAPPER);
            return HelloResponse.of(sayHello.sayHello(visitor), acceptedBy, placement.record(Layer.WEB_COMPLETION));
        }, wrapperExecutor);
    }

    /** A Callable: Spring MVC runs it on applicationTaskExecutor (flag A), the only style that flag reaches. */
    @GetMapping("/callable")
    public Callable<HelloResponse> callable(@RequestParam(required = false) String name) {
        VisitorName visitor = VisitorName.orAnonymous(name);
        ThreadSeen acceptedBy = placement.record(Layer.WEB_ENTRY);
        return () -> {
            placement.record(Layer.ASYNC_EXECUTOR);
            return HelloResponse.of(sayHello.sayHello(visitor), acceptedBy, placement.record(Layer.WEB_COMPLETION));
        };
    }
}
