package dev.vtlab.adapters.in.web;

import dev.vtlab.domain.InvalidVisitorNameException;
import org.apache.tomcat.util.http.InvalidParameterException;
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
        return invalidParameter("name", "Request parameter 'name' is invalid: " + e.getMessage() + ".");
    }

    /**
     * Tomcat decodes the query lazily, when the controller first asks for a parameter; a malformed
     * percent-encoding ({@code %zz}) or bytes that are not UTF-8 ({@code %ff%fe}) fail there.
     */
    @ExceptionHandler(InvalidParameterException.class)
    ProblemDetail undecodable(InvalidParameterException e) {
        return invalidParameter("name", "The query string is not valid percent-encoded UTF-8 (such as %zz or "
                + "%ff%fe); encode the name as UTF-8, then percent-encode it.");
    }

    @ExceptionHandler(AmbiguousParameterException.class)
    ProblemDetail ambiguous(AmbiguousParameterException e) {
        return invalidParameter(e.parameter(), e.getMessage());
    }

    private static ProblemDetail invalidParameter(String parameter, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
        problem.setTitle("Invalid request parameter");
        problem.setProperty("parameter", parameter);
        return problem;
    }
}
