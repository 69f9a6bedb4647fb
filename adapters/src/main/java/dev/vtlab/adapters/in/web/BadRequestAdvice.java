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
@RestControllerAdvice(assignableTypes = HelloController.class)
public class BadRequestAdvice {

    @ExceptionHandler(InvalidVisitorNameException.class)
    ProblemDetail invalidName(InvalidVisitorNameException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
                "Request parameter 'name' is invalid: " + e.getMessage() + ".");
        problem.setTitle("Invalid request parameter");
        problem.setProperty("parameter", "name");
        return problem;
    }
}
