package dev.vtlab.adapters.out.visitstore;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test double of the visit store (the real one is {@code vtlab-loadgen visit-store}): the same protocol, no
 * delay, and a switch that makes it misbehave the ways a downstream does.
 */
public final class FakeVisitStore implements AutoCloseable {

    /** How the store answers. */
    public enum Behaviour { HEALTHY, ANSWERS_500, ANSWERS_GARBAGE, TOO_SLOW }

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong saved = new AtomicLong();
    private final Duration delay;
    private volatile Behaviour behaviour = Behaviour.HEALTHY;

    private FakeVisitStore(HttpServer server, Duration delay) {
        this.server = server;
        this.delay = delay;
        server.setExecutor(handlers);
        server.createContext("/visits/count", exchange -> answer(exchange, "{\"count\":" + saved.get() + "}", 200));
        server.createContext("/visits", exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (behaviour == Behaviour.HEALTHY) {
                saved.incrementAndGet();
            }
            answer(exchange, "{\"saved\":" + saved.get() + "}", 201);
        });
        server.start();
    }

    /** On a free loopback port, answering at once. */
    public static FakeVisitStore start() {
        return startOn(0, Duration.ZERO);
    }

    /**
     * @param port  the loopback port (0: a free one); a given port brings a store "back" where the adapter expects it
     * @param delay how long each call waits before it answers (so that an async answer always comes after the
     *              caller has attached its continuation, as with a real store)
     */
    public static FakeVisitStore startOn(int port, Duration delay) {
        try {
            return new FakeVisitStore(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0),
                    delay);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public void behave(Behaviour behaviour) {
        this.behaviour = behaviour;
    }

    /** Visits the store holds. */
    public long saved() {
        return saved.get();
    }

    private void answer(HttpExchange exchange, String healthyBody, int healthyStatus) throws IOException {
        try (exchange) {
            pause(delay);
            String body = healthyBody;
            int status = healthyStatus;
            switch (behaviour) {
                case ANSWERS_500 -> {
                    status = 500;
                    body = "{\"error\":\"database on fire\"}";
                }
                case ANSWERS_GARBAGE -> body = "<html>not json</html>";
                case TOO_SLOW -> pause(Duration.ofMillis(1500)); // the tests' adapter timeout is 300 ms
                case HEALTHY -> { }
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private static void pause(Duration delay) {
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
