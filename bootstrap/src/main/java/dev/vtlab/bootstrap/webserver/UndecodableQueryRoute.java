package dev.vtlab.bootstrap.webserver;

import dev.vtlab.adapters.in.web.BadRequestAdvice;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.springframework.boot.reactor.netty.NettyRouteProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerRoutes;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * On Netty, a query that is not percent-encoded UTF-8 gets the 400 problem detail Tomcat and Jetty answer
 * ({@link UndecodableQueryAdvice}), before it reaches WebFlux. Netty's own way is not that: a malformed
 * percent-encoding ({@code %zz}) fails the URI before any handler runs (a bare 400, no body), and bytes that are not
 * UTF-8 ({@code %ff%fe}) are decoded leniently into replacement characters, so that the visitor is greeted and saved
 * as {@code "��"}. A route ahead of the application's, for those requests alone.
 */
final class UndecodableQueryRoute implements NettyRouteProvider {

    private final JsonMapper json;

    UndecodableQueryRoute(JsonMapper json) {
        this.json = json;
    }

    @Override
    public HttpServerRoutes apply(HttpServerRoutes routes) {
        return routes.route(request -> !decodable(request.uri()), (request, response) -> response
                .status(HttpResponseStatus.BAD_REQUEST)
                .header(HttpHeaderNames.CONTENT_TYPE, MediaType.APPLICATION_PROBLEM_JSON_VALUE)
                .sendString(Mono.just(problem(request))));
    }

    /** The problem detail as WebFlux writes one: its fields and properties at the top level. */
    private String problem(HttpServerRequest request) {
        ProblemDetail problem = BadRequestAdvice.invalidParameter("name", UndecodableQueryAdvice.DETAIL);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("detail", problem.getDetail());
        body.put("instance", request.fullPath());
        body.put("status", problem.getStatus());
        body.put("title", problem.getTitle());
        body.putAll(problem.getProperties());
        return json.writeValueAsString(body);
    }

    /** Whether the query of {@code uri} (as sent: path and query) percent-decodes into UTF-8, strictly. */
    static boolean decodable(String uri) {
        int start = uri.indexOf('?');
        if (start < 0) {
            return true;
        }
        String query = uri.substring(start + 1);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < query.length(); ) {
            int c = query.codePointAt(i);
            if (c != '%') {
                bytes.writeBytes(Character.toString(c).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(c);
            } else if (i + 2 < query.length() && HexFormat.isHexDigit(query.charAt(i + 1))
                    && HexFormat.isHexDigit(query.charAt(i + 2))) {
                bytes.write(HexFormat.fromHexDigits(query, i + 1, i + 3));
                i += 3;
            } else {
                return false;
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()));
            return true;
        } catch (CharacterCodingException notUtf8) {
            return false;
        }
    }
}
