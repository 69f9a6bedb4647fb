package dev.vtlab.bootstrap.webserver;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Configuration (graceful shutdown): completes a successful response on the wire before the request counts as
 * finished. Spring Boot's graceful shutdown waits while a servlet is "allocated" (Tomcat's
 * {@code StandardWrapper.getCountAllocated()}), but Tomcat writes the buffered response only after the servlet is
 * released. When the request's thread is slow to run that last step (a busy CPU), the shutdown goes on, stops the
 * connector and closes the connection first: the client gets no response. Closing the output stream here, while
 * the servlet is still allocated, writes the whole response (with its length) before that can happen.
 * docs/decisions.md has the reproduction and the numbers.
 */
final class ResponseCompletingFilter extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(request, response);
        // Not while an async request is still running (the response is not there yet), and not for an error that
        // Tomcat's error page still has to write.
        if (!request.isAsyncStarted() && response.getStatus() < 400) {
            complete(response);
        }
    }

    /** Also run for the async dispatch that writes a CompletableFuture's or Callable's result. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    private static void complete(HttpServletResponse response) throws IOException {
        ServletOutputStream body;
        try {
            body = response.getOutputStream();
        } catch (IllegalStateException writerInUse) {
            response.getWriter().close();
            return;
        }
        body.close();
    }
}
