package dev.vtlab.bootstrap.webserver;

import dev.vtlab.adapters.in.web.BadRequestAdvice;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.eclipse.jetty.http.HttpException;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A query the web server cannot decode, a malformed percent-encoding ({@code %zz}) or bytes that are not UTF-8
 * ({@code %ff%fe}), is a 400 problem detail naming the parameter, as a bad name is. Both servers decode the query
 * lazily, when the controller first asks for a parameter, and each fails with an exception of its own: handled
 * here, where the server is chosen, so that the web adapter knows neither.
 */
@RestControllerAdvice
public class UndecodableQueryAdvice {

    static final String DETAIL = "The query string is not valid percent-encoded UTF-8 (such as %zz or %ff%fe); "
            + "encode the name as UTF-8, then percent-encode it.";

    /** Tomcat's. */
    @ExceptionHandler(InvalidParameterException.class)
    ProblemDetail onTomcat(InvalidParameterException e) {
        return BadRequestAdvice.invalidParameter("name", DETAIL);
    }

    /**
     * Jetty's: "400: Bad query", an {@code IllegalArgumentException} for a bad percent-encoding and an
     * {@code IllegalStateException} for bytes that are not UTF-8, raised while Spring MVC maps the request; without
     * this they would reach Boot's error page as a plain 400, no problem detail.
     */
    @ExceptionHandler({HttpException.IllegalArgumentException.class, HttpException.IllegalStateException.class})
    ProblemDetail onJetty(RuntimeException e) {
        return BadRequestAdvice.invalidParameter("name", DETAIL);
    }
}
