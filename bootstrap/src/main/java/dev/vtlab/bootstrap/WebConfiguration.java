package dev.vtlab.bootstrap;

import dev.vtlab.adapters.in.web.BadRequestAdvice;
import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.adapters.in.web.HelloController;
import dev.vtlab.adapters.in.webflux.CallableHasNoWebFluxForm;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.application.port.in.ShowVisitorCardUseCase;
import dev.vtlab.bootstrap.webserver.UndecodableQueryAdvice;
import dev.vtlab.settings.VtlabSettings;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.Executor;

/**
 * Wiring of the web adapter: its controller on the use case and the wrapper's executor (flag W, made in
 * {@link CompositionRoot}), its own advice for bad requests, the advice for a query the web server cannot decode,
 * and the advice that turns a failing downstream into
 * a problem detail (here because only the composition root knows both the web and the persistence adapters).
 * Spring MVC and Spring WebFlux alike find controllers and advice among the beans, however they were made: the same
 * controller serves on Tomcat, Jetty and Netty.
 */
@Configuration(proxyBeanMethods = false)
class WebConfiguration {

    @Bean
    HelloController helloController(SayHelloUseCase sayHello,
                                    @Qualifier(CompositionRoot.WRAPPER_EXECUTOR) Executor wrapperExecutor) {
        return new HelloController(sayHello, wrapperExecutor);
    }

    /** {@code /fanout}: the visitor's card, its reads run the way {@code vtlab.fan-out} names. */
    @Bean
    FanOutController fanOutController(ShowVisitorCardUseCase showCard) {
        return new FanOutController(showCard);
    }

    @Bean
    BadRequestAdvice badRequestAdvice() {
        return new BadRequestAdvice();
    }

    /** A query the web server cannot decode: each server fails its own way, so this lives where it is chosen. */
    @Bean
    UndecodableQueryAdvice undecodableQueryAdvice() {
        return new UndecodableQueryAdvice();
    }

    /**
     * On Spring WebFlux (Netty), the answer for {@code /callable}: WebFlux has no step that runs a {@code Callable}
     * return value, so it gets a problem detail that says so.
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    CallableHasNoWebFluxForm callableHasNoWebFluxForm() {
        return new CallableHasNoWebFluxForm();
    }

    @Bean
    DownstreamFailureAdvice downstreamFailureAdvice(VtlabSettings settings) {
        return new DownstreamFailureAdvice(settings);
    }
}
