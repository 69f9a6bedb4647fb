package dev.vtlab.loadgen.store;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.vtlab.loadgen.json.Json;
import tools.jackson.core.JacksonException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The visit store: keeps a count of visits and waits before each answer, like a slow database behind a service.
 * On loopback only. One virtual thread per exchange, so a burst of 10,000 connections waits in parallel and costs
 * no platform thread; the kernel's accept queue (backlog) holds connections not yet accepted.
 * <ul>
 *   <li>{@code GET /visits/count}: waits the count delay, answers {@code {"count":N}};</li>
 *   <li>{@code POST /visits} with {@code {"who":"Ada","visitorNumber":1}}: waits the save delay, keeps the visit,
 *       answers 201 {@code {"saved":N}};</li>
 *   <li>{@code GET /stats}: answers {@code {"saved":N}} at once, to count lost writes.</li>
 * </ul>
 */
public final class VisitStore implements AutoCloseable {

    /** Connections the kernel queues before the store accepts them (capped by net.core.somaxconn). */
    private static final int BACKLOG = 4096;

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong saved = new AtomicLong();
    private final Duration countDelay;
    private final Duration saveDelay;

    record VisitBody(String who, Long visitorNumber) {
    }

    private VisitStore(HttpServer server, Duration countDelay, Duration saveDelay) {
        this.server = server;
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
        server.setExecutor(handlers);
        server.createContext("/visits/count", only("GET", this::count));
        server.createContext("/visits", only("POST", this::save));
        server.createContext("/stats", only("GET", exchange -> answer(exchange, 200, "{\"saved\":" + saved.get() + "}")));
        server.createContext("/", exchange -> answer(exchange, 404, "{\"error\":\"no such path\"}"));
    }

    /**
     * Starts on loopback; port 0 picks a free one (see {@link #url()}).
     * <p>
     * The JDK server closes a finished connection when it already keeps 200 idle ones, and any connection idle
     * for 30 s; the server's {@code HttpClient} keeps its idle connections for 30 s too. Under a burst of 2000
     * that closed connections the client was just reusing, and about 50 requests failed with "header parser
     * received no bytes" (measured; docs/decisions.md). So the store keeps every connection and lets the client
     * be the one that closes: set here, before the JDK reads them, unless given with -D.
     */
    public static VisitStore start(int port, Duration countDelay, Duration saveDelay) throws IOException {
        System.setProperty("sun.net.httpserver.maxIdleConnections",
                System.getProperty("sun.net.httpserver.maxIdleConnections", "100000"));
        System.setProperty("sun.net.httpserver.idleInterval",
                System.getProperty("sun.net.httpserver.idleInterval", "120"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), BACKLOG);
        VisitStore store = new VisitStore(server, countDelay, saveDelay);
        server.start();
        return store;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Visits kept so far. */
    public long saved() {
        return saved.get();
    }

    private void count(HttpExchange exchange) throws IOException {
        pause(countDelay);
        answer(exchange, 200, "{\"count\":" + saved.get() + "}");
    }

    private void save(HttpExchange exchange) throws IOException {
        VisitBody visit;
        try {
            visit = Json.MAPPER.readValue(exchange.getRequestBody(), VisitBody.class);
        } catch (JacksonException e) {
            visit = null;
        }
        if (visit == null || visit.who() == null || visit.visitorNumber() == null) {
            answer(exchange, 400, "{\"error\":\"expected {\\\"who\\\":\\\"...\\\",\\\"visitorNumber\\\":N}\"}");
            return;
        }
        pause(saveDelay);
        answer(exchange, 201, "{\"saved\":" + saved.incrementAndGet() + "}");
    }

    private static HttpHandler only(String method, HttpHandler handler) {
        return exchange -> {
            if (method.equals(exchange.getRequestMethod())) {
                handler.handle(exchange);
            } else {
                answer(exchange, 405, "{\"error\":\"use " + method + "\"}");
            }
        };
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        try (exchange) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    /** The slow backend: the handler's virtual thread parks for the delay. */
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
