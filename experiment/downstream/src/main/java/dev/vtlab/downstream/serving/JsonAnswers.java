package dev.vtlab.downstream.serving;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.util.Map;

/** The JSON answers of every downstream HTTP endpoint, written by Jackson. */
public final class JsonAnswers {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private JsonAnswers() {
    }

    /** Answers {@code body} as JSON with {@code status}, and closes the exchange. */
    public static void answer(HttpExchange exchange, int status, Object body) throws IOException {
        try (exchange) {
            byte[] bytes = JSON.writeValueAsBytes(body);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    /** {@code {"error": message}} */
    public static void error(HttpExchange exchange, int status, String message) throws IOException {
        answer(exchange, status, Map.of("error", message));
    }

    /** The handler for one HTTP method; any other gets 405. */
    public static HttpHandler only(String method, HttpHandler handler) {
        return exchange -> {
            if (method.equals(exchange.getRequestMethod())) {
                handler.handle(exchange);
            } else {
                error(exchange, 405, "use " + method);
            }
        };
    }
}
