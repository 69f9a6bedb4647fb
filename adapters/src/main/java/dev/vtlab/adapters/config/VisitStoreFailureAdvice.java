package dev.vtlab.adapters.config;

import dev.vtlab.adapters.out.visitstore.VisitStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Configuration of errors across adapters: a visit store that fails becomes a 502 (no usable answer) or 504 (no
 * answer in time) problem detail naming the downstream. It lives here because only the composition root knows
 * both the web adapter and the persistence adapter; they never know each other.
 */
@RestControllerAdvice
public class VisitStoreFailureAdvice {

    private static final Logger log = LoggerFactory.getLogger(VisitStoreFailureAdvice.class);

    @ExceptionHandler(VisitStoreException.class)
    ProblemDetail visitStoreFailed(VisitStoreException e) {
        // One line, no stack trace: under a burst a failing store fails thousands of requests the same way.
        log.warn("{} ({})", e.getMessage(), e.getCause() == null ? "no cause" : e.getCause().toString());
        boolean timeout = e.failure() == VisitStoreException.Failure.TIMEOUT;
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                timeout ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY,
                "The visit store did not serve the request: " + e.getMessage() + ". The visit is not counted as saved.");
        problem.setTitle(timeout ? "Visit store timed out" : "Visit store failed");
        problem.setProperty("downstream", e.store().toString());
        problem.setProperty("failure", e.failure().name());
        return problem;
    }
}
