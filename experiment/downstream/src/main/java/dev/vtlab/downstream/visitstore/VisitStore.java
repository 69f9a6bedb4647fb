package dev.vtlab.downstream.visitstore;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vtlab.childprocess.Stats;
import dev.vtlab.downstream.serving.Readings;
import tools.jackson.core.JacksonException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static dev.vtlab.downstream.serving.JsonAnswers.JSON;
import static dev.vtlab.downstream.serving.JsonAnswers.answer;
import static dev.vtlab.downstream.serving.JsonAnswers.error;
import static dev.vtlab.downstream.serving.JsonAnswers.only;

/**
 * The visit store: keeps a count of visits and waits before each answer, like a slow service behind the server.
 * On loopback only. One virtual thread per exchange, so a burst of 10,000 connections waits in parallel and costs
 * no platform thread; the kernel's accept queue (backlog) holds connections not yet accepted.
 * <ul>
 *   <li>{@code GET /visits/count}: waits the count delay, answers {@code {"count":N}};</li>
 *   <li>{@code POST /visits} with {@code {"who":"Ada","visitorNumber":1}}: waits the save delay, keeps the visit,
 *       answers 201 {@code {"saved":N}};</li>
 *   <li>{@code GET /visitors/visits?who=Ada}, {@code GET /visitors/last-visit?who=Ada} and
 *       {@code GET /visitors/recommendation?who=Ada}: the visitor card's three reads, each waiting the count delay
 *       (a read, as the count is), answering {@code {"count":N}}, {@code {"lastVisit":"2025-01-01T00:00:00Z"}} (or
 *       {@code null} before a first visit) and {@code {"recommendation":"..."}} ({@link Readings#after});</li>
 *   <li>{@code GET /stats}: answers {@code {"saved":N}} at once, to count lost writes.</li>
 * </ul>
 * A {@link Fault} makes it misbehave the ways a downstream does, to see what the server answers then.
 */
public final class VisitStore implements AutoCloseable {

    /** Connections the kernel queues before the store accepts them (capped by net.core.somaxconn). */
    private static final int BACKLOG = 4096;
    /** How much longer than its delay a {@link Fault#TOO_SLOW} store takes. */
    static final Duration TOO_SLOW_EXTRA = Duration.ofMillis(1500);

    /** How the store misbehaves; {@code NONE} by default. */
    public enum Fault {
        /** Answers as promised. */
        NONE,
        /** Answers HTTP 500 to count and save, and saves nothing. */
        ANSWERS_500,
        /** Answers 200/201 with a body that is not JSON, and saves nothing. */
        ANSWERS_GARBAGE,
        /** Waits {@link #TOO_SLOW_EXTRA} more before answering as promised. */
        TOO_SLOW
    }

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong saved = new AtomicLong();
    private final ConcurrentMap<String, Visitor> visitors = new ConcurrentHashMap<>();
    private final Duration countDelay;
    private final Duration saveDelay;
    private volatile Fault fault = Fault.NONE;

    record VisitBody(String who, Long visitorNumber) {
    }

    record Count(long count) {
    }

    /** What the store knows of one visitor: how many visits, the last one's time. */
    record Visitor(long visits, Instant lastVisit) {
    }

    record LastVisit(Instant lastVisit) {
    }

    record Recommendation(String recommendation) {
    }

    private VisitStore(HttpServer server, Duration countDelay, Duration saveDelay) {
        this.server = server;
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
        server.setExecutor(handlers);
        server.createContext("/visits/count", only("GET", this::count));
        server.createContext("/visits", only("POST", this::save));
        server.createContext("/visitors/visits", only("GET", exchange -> read(exchange,
                visitor -> new Count(visitor.visits()))));
        server.createContext("/visitors/last-visit", only("GET", exchange -> read(exchange,
                visitor -> new LastVisit(visitor.lastVisit()))));
        server.createContext("/visitors/recommendation", only("GET", exchange -> read(exchange,
                visitor -> new Recommendation(Readings.after(visitor.visits())))));
        server.createContext("/stats", only("GET", exchange -> answer(exchange, 200, new Stats(saved.get()))));
        server.createContext("/", exchange -> error(exchange, 404, "no such path"));
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

    public int port() {
        return server.getAddress().getPort();
    }

    /** Visits kept so far. */
    public long saved() {
        return saved.get();
    }

    /** From now on, misbehave this way ({@link Fault#NONE}: behave). */
    public void inject(Fault fault) {
        this.fault = fault;
    }

    private void count(HttpExchange exchange) throws IOException {
        pause(countDelay);
        if (!misbehaved(exchange)) {
            answer(exchange, 200, new Count(saved.get()));
        }
    }

    private void save(HttpExchange exchange) throws IOException {
        VisitBody visit;
        try {
            visit = JSON.readValue(exchange.getRequestBody(), VisitBody.class);
        } catch (JacksonException e) {
            visit = null;
        }
        if (visit == null || visit.who() == null || visit.visitorNumber() == null) {
            error(exchange, 400, "expected {\"who\":\"...\",\"visitorNumber\":N}");
            return;
        }
        pause(saveDelay);
        if (!misbehaved(exchange)) {
            visitors.merge(visit.who(), new Visitor(1, Instant.now()),
                    (known, now) -> new Visitor(known.visits() + 1, now.lastVisit()));
            answer(exchange, 201, new Stats(saved.incrementAndGet()));
        }
    }

    /** One of the card's reads: waits the count delay, then answers {@code field} of the visitor named by {@code who}. */
    private void read(HttpExchange exchange, Function<Visitor, Object> field) throws IOException {
        String who = who(exchange.getRequestURI().getRawQuery());
        if (who == null) {
            error(exchange, 400, "expected ?who=name");
            return;
        }
        pause(countDelay);
        if (!misbehaved(exchange)) {
            answer(exchange, 200, field.apply(visitors.getOrDefault(who, new Visitor(0, null))));
        }
    }

    /** The {@code who} parameter of a raw query, decoded; null when absent or blank. */
    private static String who(String rawQuery) {
        if (rawQuery != null) {
            for (String parameter : rawQuery.split("&")) {
                if (parameter.startsWith("who=")) {
                    String who = URLDecoder.decode(parameter.substring(4), StandardCharsets.UTF_8);
                    return who.isBlank() ? null : who;
                }
            }
        }
        return null;
    }

    /** Answers as the fault says and returns true, or returns false for the caller to answer. */
    private boolean misbehaved(HttpExchange exchange) throws IOException {
        switch (fault) {
            case ANSWERS_500 -> error(exchange, 500, "the store is failing on purpose (fault ANSWERS_500)");
            case ANSWERS_GARBAGE -> {
                try (exchange) {
                    byte[] garbage = "<html>not json</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, garbage.length);
                    exchange.getResponseBody().write(garbage);
                }
            }
            case TOO_SLOW -> {
                pause(TOO_SLOW_EXTRA);
                return false;
            }
            case NONE -> {
                return false;
            }
        }
        return true;
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
