package dev.vtlab.bootstrap;

import dev.vtlab.settings.VtlabSettings;

import dev.vtlab.adapters.out.jdbc.DatabaseException;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.adapters.out.visitstore.VisitStoreException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.time.Duration;

/**
 * Configuration of errors across adapters: a downstream that fails becomes a problem detail naming it, never a 500
 * with a stack trace. The visit store: 502 (no usable answer) or 504 (no answer in time). The database: 502 when
 * it cannot be reached or fails a query, 503 with {@code Retry-After} when the pool had no free connection in time
 * or the bulkhead refused the call (the service is busy, not broken). A branch of {@code /fanout} that fails
 * answers the same, naming the branch ({@code "branch"}): its downstream's problem when it is one of those, else
 * 502; a fan-out past its deadline answers 504 naming the first branch still unanswered. It lives here because only the composition
 * root knows both the web adapter and the persistence adapters; they never know each other.
 */
@RestControllerAdvice
public class DownstreamFailureAdvice {

    private final FailureLog log = new FailureLog(DownstreamFailureAdvice.class, Duration.ofSeconds(10));
    private final long retryAfterSeconds;

    /** A busy pool frees a connection within the time one request holds it: both delays. */
    public DownstreamFailureAdvice(VtlabSettings settings) {
        this.retryAfterSeconds = Math.max(1, (settings.countDelay().plus(settings.saveDelay()).toMillis() + 999) / 1000);
    }

    @ExceptionHandler(VisitStoreException.class)
    ProblemDetail visitStoreFailed(VisitStoreException e) {
        log.failed("visit store " + e.failure(), e);
        boolean timeout = e.failure() == VisitStoreException.Failure.TIMEOUT;
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                timeout ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY,
                "The visit store did not serve the request: " + e.getMessage() + ". The visit is not counted as saved.");
        problem.setTitle(timeout ? "Visit store timed out" : "Visit store failed");
        problem.setProperty("downstream", e.store().toString());
        problem.setProperty("failure", e.failure().name());
        return problem;
    }

    @ExceptionHandler(BranchFailedException.class)
    ResponseEntity<ProblemDetail> branchFailed(BranchFailedException e) {
        ProblemDetail problem;
        HttpHeaders headers = new HttpHeaders();
        switch (e.getCause()) {
            case VisitStoreException store -> problem = visitStoreFailed(store);
            case DatabaseException database -> {
                ResponseEntity<ProblemDetail> answer = databaseFailed(database);
                problem = answer.getBody();
                headers = answer.getHeaders();
            }
            default -> {
                log.failed("fan-out branch " + e.branch(), e);
                problem = ProblemDetail.forStatus(HttpStatus.BAD_GATEWAY);
                problem.setTitle("Fan-out branch failed");
            }
        }
        // A read failed, not a save: the downstream's status and title stand, the detail says which branch.
        problem.setDetail("The " + e.branch() + " branch of the fan-out failed: " + e.getCause().getMessage() + ".");
        problem.setProperty("branch", e.branch());
        return ResponseEntity.status(problem.getStatus()).headers(headers).body(problem);
    }

    @ExceptionHandler(BranchTimedOutException.class)
    ProblemDetail branchTimedOut(BranchTimedOutException e) {
        log.failed("fan-out branch " + e.branch() + " late", e);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.GATEWAY_TIMEOUT, "The " + e.branch()
                + " branch had not answered within the fan-out's deadline of " + e.deadline().toMillis() + " ms.");
        problem.setTitle("Fan-out branch timed out");
        problem.setProperty("branch", e.branch());
        problem.setProperty("deadlineMillis", e.deadline().toMillis());
        return problem;
    }

    @ExceptionHandler(DatabaseException.class)
    ResponseEntity<ProblemDetail> databaseFailed(DatabaseException e) {
        log.failed("database " + e.failure(), e);
        boolean busy = e.failure() == DatabaseException.Failure.POOL_EXHAUSTED
                || e.failure() == DatabaseException.Failure.BULKHEAD_FULL;
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                busy ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.BAD_GATEWAY,
                "The database did not serve the request: " + e.getMessage() + ". The visit is not counted as saved.");
        problem.setTitle(switch (e.failure()) {
            case POOL_EXHAUSTED -> "Database pool exhausted";
            case BULKHEAD_FULL -> "Database bulkhead full";
            case UNREACHABLE -> "Database unreachable";
            case QUERY_FAILED -> "Database query failed";
        });
        problem.setProperty("downstream", e.database());
        problem.setProperty("failure", e.failure().name());
        problem.setProperty("pool", e.pool().name());
        problem.setProperty("poolSize", e.pool().size());
        if (e.pool().maxConcurrent() != null) {
            problem.setProperty("maxConcurrent", e.pool().maxConcurrent());
        }
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(problem.getStatus());
        if (busy) {
            answer.header(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfterSeconds));
        }
        return answer.body(problem);
    }
}
