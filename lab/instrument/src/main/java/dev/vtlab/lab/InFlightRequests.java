package dev.vtlab.lab;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lab filter: counts the requests the server holds now, from the moment a request thread takes one until its
 * response is complete, through an asynchronous cycle if it starts one (async, wrapped, callable), and whether it
 * ends in an answer, an error or a time-out. A runner waits for 0 before it measures, so that no request a client
 * gave up on (a warm-up's, an abandoned burst's) still queues for the pool in front of the measured ones. The lab's
 * own requests are not counted. Registered for the first dispatch only: an asynchronous result's second dispatch is
 * the same request. On Spring WebFlux (Netty) the same count, as a {@code WebFilter}: from the moment the
 * application takes the exchange until its response completes, errs or is cancelled.
 */
public final class InFlightRequests implements Filter, WebFilter, Ordered {

    private final AtomicInteger inFlight = new AtomicInteger();

    /** Requests taken and not yet completed. */
    public int now() {
        return inFlight.get();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request instanceof HttpServletRequest http && http.getRequestURI().startsWith("/lab/")) {
            chain.doFilter(request, response);
            return;
        }
        inFlight.incrementAndGet();
        boolean handedToAsync = false;
        try {
            chain.doFilter(request, response);
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new CountDownOnCompletion());
                handedToAsync = true;
            }
        } finally {
            if (!handedToAsync) {
                inFlight.decrementAndGet();
            }
        }
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (exchange.getRequest().getPath().value().startsWith("/lab/")) {
            return chain.filter(exchange);
        }
        return Mono.defer(() -> {
            inFlight.incrementAndGet();
            return chain.filter(exchange).doFinally(signal -> inFlight.decrementAndGet());
        });
    }

    /** First among WebFlux's filters (on Spring MVC its registration orders it). */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /** Ends the count when the asynchronous cycle completes: after the answer, an error or a time-out alike. */
    private final class CountDownOnCompletion implements AsyncListener {

        @Override
        public void onComplete(AsyncEvent event) {
            inFlight.decrementAndGet();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // A new cycle drops the listeners of the one before: stay for the one that completes.
            event.getAsyncContext().addListener(this);
        }

        @Override
        public void onTimeout(AsyncEvent event) {
        }

        @Override
        public void onError(AsyncEvent event) {
        }
    }
}
