package dev.vtlab.adapters.in.web;

import dev.vtlab.domain.InvalidVisitorNameException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Web adapter: turns a name the domain rejects into a 400 RFC 9457 problem detail that names the parameter.
 * Unknown paths (404) and wrong methods (405) get problem details from Spring Boot
 * ({@code spring.mvc.problemdetails.enabled}).
 */
@RestControllerAdvice(assignableTypes = {HelloController.class, FanOutController.class})
public class BadRequestAdvice {

    @ExceptionHandler(InvalidVisitorNameException.class)
    ProblemDetail invalidName(InvalidVisitorNameException e) {
        return invalidParameter("name", "Request parameter 'name' is invalid: " + e.getMessage() + ".");
    }

    @ExceptionHandler(AmbiguousParameterException.class)
    ProblemDetail ambiguous(AmbiguousParameterException e) {
        return invalidParameter(e.parameter(), e.getMessage());
    }

    /**
     * The 400 problem detail for a bad {@code parameter}: also what the composition root answers when the web
     * server cannot decode the query (each server fails its own way, and this adapter knows neither).
     */
    public static ProblemDetail invalidParameter(String parameter, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
        problem.setTitle("Invalid request parameter");
        problem.setProperty("parameter", parameter);
        return problem;
    }
}
