package dev.vtlab.lab;

import dev.vtlab.adapters.in.web.HelloController;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.settings.VtlabSettings;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.reactive.result.method.annotation.ResponseBodyResultHandler;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * Wiring of the lab, the whole of it. An auto-configuration: the server's code cannot name this module (it is on
 * the server's class path at run time only), so Boot brings it in from
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports} when the jar is there.
 * It offers the composition root its recorders (the hook: {@code UnaryOperator} beans the composition root
 * asks for), places Spring MVC interceptors around the web adapter (on Spring WebFlux, a result handler), counts
 * requests in flight, and serves {@code /lab/...}.
 */
@AutoConfiguration
public class LabConfiguration implements WebMvcConfigurer {

    private final WebLayerRecorder webLayers;

    public LabConfiguration(LabRecorders recorders) {
        this.webLayers = new WebLayerRecorder(recorders.placement(), HelloController.class);
    }

    /** Static: this configuration's own constructor needs it, before the configuration exists. */
    @Bean
    static LabRecorders labRecorders() {
        return new LabRecorders();
    }

    /** The counters the recorders write, as {@code /lab/threads} reports them. */
    @Bean
    ThreadPlacement threadPlacement(LabRecorders recorders) {
        return recorders.placement();
    }

    /** For the composition root's hook: the persistence adapter, recorded. */
    @Bean
    UnaryOperator<VisitRepository> visitRepositoryRecorder(LabRecorders recorders) {
        return recorders.aroundTheRepository();
    }

    /** For the composition root's hook: the wrapper's executor (flag W), recorded. */
    @Bean
    UnaryOperator<Executor> wrapperExecutorRecorder(LabRecorders recorders) {
        return recorders.aroundTheWrapper();
    }

    /** For the composition root's hook: the fan-out of {@code /fanout}, recorded. */
    @Bean
    UnaryOperator<IndependentReads> independentReadsRecorder(LabRecorders recorders) {
        return recorders.aroundTheFanOut();
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(webLayers);
    }

    @Override
    public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
        configurer.registerCallableInterceptors(webLayers);
        configurer.registerDeferredResultInterceptors(webLayers);
    }

    @Bean
    ThreadReportAdvice threadReportAdvice(LabRecorders recorders) {
        return new ThreadReportAdvice(recorders.placement());
    }

    /** On Spring WebFlux (Netty): the interceptors' and the advice's work, in one result handler. */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    WebFluxLayerRecorder webFluxLayerRecorder(LabRecorders recorders,
                                              ObjectProvider<ResponseBodyResultHandler> responseBodies) {
        return new WebFluxLayerRecorder(recorders.placement(), HelloController.class, responseBodies);
    }

    @Bean
    InFlightRequests inFlightRequests() {
        return new InFlightRequests();
    }

    /**
     * Around every request from its first dispatch ({@code REQUEST}) on, before any other filter sees it. On Spring
     * WebFlux the same bean is a {@code WebFilter}, first among them.
     */
    @Bean
    FilterRegistrationBean<InFlightRequests> inFlightRequestsFilter(InFlightRequests inFlight) {
        FilterRegistrationBean<InFlightRequests> registration = new FilterRegistrationBean<>(inFlight);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /** Closed on a daemon thread of its own: a JFR that hangs at shutdown must not hold the server (decisions.md). */
    @Bean
    VirtualThreadEvents virtualThreadEvents() {
        return new VirtualThreadEvents(close -> Thread.ofPlatform().daemon().name("vtlab-jfr-close").start(close));
    }

    @Bean
    JvmFigures jvmFigures(VirtualThreadEvents virtualThreadEvents) {
        return new JvmFigures(virtualThreadEvents);
    }

    @Bean
    LabController labController(LabRecorders recorders, JvmFigures jvm, InFlightRequests inFlight,
                                ApplicationContext context, VtlabSettings settings) {
        return new LabController(recorders.placement(), jvm, new RunningEnvironment(settings, context)::current,
                recorders, () -> new ServerLoad(inFlight.now()), recorders.fanOutAftermath(),
                settings.fanOut().way().label());
    }
}
