package dev.vtlab.lab;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vtlab.adapters.in.web.HelloResponse;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * Lab advice: adds to each greeting the threads that accepted and completed it, so that one request shows the
 * lesson ({@code "acceptedBy"}, {@code "completedBy"}). The controller returns a plain greeting; this wraps it.
 * A blocking response is written by the thread that produced it, so for {@code /sync} the completion is recorded
 * here; an async one was recorded by {@link WebLayerRecorder} on the thread that completed it.
 */
@ControllerAdvice
public class ThreadReportAdvice implements ResponseBodyAdvice<Object> {

    private final ThreadPlacement placement;

    public ThreadReportAdvice(ThreadPlacement placement) {
        this.placement = placement;
    }

    /**
     * Lab value: a greeting with its thread report.
     *
     * @param greeting    the controller's response, its fields written at the top level
     * @param acceptedBy  the thread that entered the controller
     * @param completedBy the thread that produced the response value
     */
    public record ReportedGreeting(@JsonUnwrapped HelloResponse greeting, ThreadSeen acceptedBy, ThreadSeen completedBy) {
    }

    @Override
    public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
        return true; // decided on the body: for an async result the declared type is the future, not the greeting
    }

    @Override
    public Object beforeBodyWrite(Object body, MethodParameter returnType, MediaType contentType,
                                  Class<? extends HttpMessageConverter<?>> converterType, ServerHttpRequest request,
                                  ServerHttpResponse response) {
        if (!(body instanceof HelloResponse greeting) || !(request instanceof ServletServerHttpRequest servlet)) {
            return body;
        }
        Object acceptedBy = servlet.getServletRequest().getAttribute(WebLayerRecorder.ACCEPTED_BY);
        Object completedBy = servlet.getServletRequest().getAttribute(WebLayerRecorder.COMPLETED_BY);
        return new ReportedGreeting(greeting, (ThreadSeen) acceptedBy,
                completedBy != null ? (ThreadSeen) completedBy : placement.record(Layer.WEB_COMPLETION));
    }
}
