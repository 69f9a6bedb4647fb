package dev.vtlab.lab;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.async.CallableProcessingInterceptor;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.DeferredResultProcessingInterceptor;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

import java.util.concurrent.Callable;

/**
 * Lab interceptor: records the web layers of a greeting request from outside the controller, using the three hooks
 * Spring MVC offers, each of which runs on the thread this lab wants to see:
 * <ul>
 *   <li>{@link HandlerInterceptor#preHandle}: the request thread entering the controller (web entry, flag T);</li>
 *   <li>{@link CallableProcessingInterceptor}: the thread running a {@code Callable} (flag A), before and after;</li>
 *   <li>{@link DeferredResultProcessingInterceptor#postProcess}: the thread that completed a
 *       {@code CompletableFuture} return value (Spring adapts it to a {@code DeferredResult}).</li>
 * </ul>
 * The threads seen are kept as request attributes for {@link ThreadReportAdvice} to put in the response.
 */
public final class WebLayerRecorder implements HandlerInterceptor, CallableProcessingInterceptor,
        DeferredResultProcessingInterceptor {

    static final String ACCEPTED_BY = WebLayerRecorder.class.getName() + ".acceptedBy";
    static final String COMPLETED_BY = WebLayerRecorder.class.getName() + ".completedBy";

    private final ThreadPlacement placement;
    private final Class<?> recordedController;

    /**
     * @param placement          where the threads are counted
     * @param recordedController the controller whose requests are recorded (the lab's own are not)
     */
    public WebLayerRecorder(ThreadPlacement placement, Class<?> recordedController) {
        this.placement = placement;
        this.recordedController = recordedController;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        // An async result comes back through a second dispatch; only the first one is the request's entry.
        if (request.getDispatcherType() != DispatcherType.ASYNC && handler instanceof HandlerMethod method
                && method.getBeanType() == recordedController) {
            request.setAttribute(ACCEPTED_BY, placement.record(Layer.WEB_ENTRY));
        }
        return true;
    }

    @Override
    public <T> void preProcess(NativeWebRequest request, Callable<T> task) {
        placement.record(Layer.ASYNC_EXECUTOR);
    }

    @Override
    public <T> void postProcess(NativeWebRequest request, Callable<T> task, Object concurrentResult) {
        completed(request, concurrentResult);
    }

    @Override
    public <T> void postProcess(NativeWebRequest request, DeferredResult<T> deferredResult, Object concurrentResult) {
        completed(request, concurrentResult);
    }

    /** The thread that produced the response value; an exception is not a response value. */
    private void completed(NativeWebRequest request, Object concurrentResult) {
        if (!(concurrentResult instanceof Throwable)) {
            request.setAttribute(COMPLETED_BY, placement.record(Layer.WEB_COMPLETION), RequestAttributes.SCOPE_REQUEST);
        }
    }
}
