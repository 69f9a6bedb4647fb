package dev.vtlab.adapters.in.web;

import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.domain.VisitorName;
import org.springframework.util.MultiValueMap;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Web adapter: the hello use case in four styles. The name is validated before any waiting starts, so a bad
 * request is rejected at once and saves nothing. Which thread runs what is recorded around this class (the lab's
 * interceptors), never inside it.
 */
@RestController
public class HelloController {

    private final SayHelloUseCase sayHello;
    /** What {@code /wrapped} hands to {@code supplyAsync} (flag W): the composition root chooses it. */
    private final Executor wrapperExecutor;

    // Every endpoint says it produces JSON, so that Spring MVC refuses a request that accepts no JSON (406) while it
    // picks the handler, before the use case runs and saves a visit, not after.

    public HelloController(SayHelloUseCase sayHello, Executor wrapperExecutor) {
        this.sayHello = sayHello;
        this.wrapperExecutor = wrapperExecutor;
    }

    /** Blocking: the request thread (flag T) waits through count and save. */
    @GetMapping(path = "/sync", produces = MediaType.APPLICATION_JSON_VALUE)
    public HelloResponse sync(@RequestParam MultiValueMap<String, String> parameters) {
        VisitorName visitor = visitorOf(parameters.get("name"));
        return HelloResponse.of(sayHello.sayHello(visitor));
    }

    /** Async all the way down: the request thread returns at once; the repository's executor (flag R) waits. */
    @GetMapping(path = "/async", produces = MediaType.APPLICATION_JSON_VALUE)
    public CompletableFuture<HelloResponse> async(@RequestParam MultiValueMap<String, String> parameters) {
        VisitorName visitor = visitorOf(parameters.get("name"));
        return sayHello.sayHelloAsync(visitor).thenApply(HelloResponse::of);
    }

    /** The sync use case wrapped in a future: the wrapper's executor (flag W) waits. */
    @GetMapping(path = "/wrapped", produces = MediaType.APPLICATION_JSON_VALUE)
    public CompletableFuture<HelloResponse> wrapped(@RequestParam MultiValueMap<String, String> parameters) {
        VisitorName visitor = visitorOf(parameters.get("name"));
        return CompletableFuture.supplyAsync(() -> HelloResponse.of(sayHello.sayHello(visitor)), wrapperExecutor);
    }

    /**
     * The one {@code name} given, or the anonymous visitor. A name given twice is ambiguous and refused (Spring
     * would join a {@code String} parameter to {@code a,b}); the raw values are read so that a comma is just a
     * character of a name.
     */
    private static VisitorName visitorOf(List<String> names) {
        if (names != null && names.size() > 1) {
            throw new AmbiguousParameterException("name", names.size());
        }
        return VisitorName.orAnonymous(names == null ? null : names.getFirst());
    }

    /** A Callable: Spring MVC runs it on applicationTaskExecutor (flag A), the only style that flag reaches. */
    @GetMapping(path = "/callable", produces = MediaType.APPLICATION_JSON_VALUE)
    public Callable<HelloResponse> callable(@RequestParam MultiValueMap<String, String> parameters) {
        VisitorName visitor = visitorOf(parameters.get("name"));
        return () -> HelloResponse.of(sayHello.sayHello(visitor));
    }
}
