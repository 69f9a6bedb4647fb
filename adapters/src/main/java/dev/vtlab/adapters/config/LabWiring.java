package dev.vtlab.adapters.config;

import dev.vtlab.adapters.config.settings.VtlabSettings;
import dev.vtlab.adapters.config.tomcat.TomcatEnvironment;
import dev.vtlab.adapters.config.tomcat.TomcatLoad;

import dev.vtlab.adapters.in.web.HelloController;
import dev.vtlab.adapters.lab.InFlightRequests;
import dev.vtlab.adapters.lab.JvmFigures;
import dev.vtlab.adapters.lab.LabEnvironmentSource;
import dev.vtlab.adapters.lab.ServerLoadSource;
import dev.vtlab.adapters.lab.ThreadPlacement;
import dev.vtlab.adapters.lab.VirtualThreadEvents;
import dev.vtlab.adapters.lab.WebLayerRecorder;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.connector.Connector;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Configuration of the lab: its recorders, put around the composition root's repository and wrapper executor by
 * {@link LabRecorders} after they are made, and the Spring MVC hooks that place them around the web adapter.
 */
@Configuration(proxyBeanMethods = false)
public class LabWiring implements WebMvcConfigurer {

    private final WebLayerRecorder webLayers;

    public LabWiring(LabRecorders recorders) {
        this.webLayers = new WebLayerRecorder(recorders.placement(), HelloController.class);
    }

    /** Static: a bean post-processor is made before the beans it processes, and before this configuration. */
    @Bean
    static LabRecorders labRecorders() {
        return new LabRecorders();
    }

    @Bean
    ThreadPlacement threadPlacement(LabRecorders recorders) {
        return recorders.placement();
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

    /**
     * With {@code vtlab.lab.port}, a second connector on loopback with Tomcat's own small platform pool: during a
     * burst the main connector is full by design (its bound, then the kernel's queue), and the lab must still
     * show whether the server is alive.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> labConnector(VtlabSettings settings) {
        return factory -> {
            if (settings.labPort() != null) {
                Connector connector = new Connector();
                connector.setPort(settings.labPort());
                connector.setProperty("address", "127.0.0.1");
                factory.addAdditionalConnectors(connector);
            }
        };
    }

    @Bean
    InFlightRequests inFlightRequests() {
        return new InFlightRequests();
    }

    /** Around every request from its first dispatch ({@code REQUEST}) on, before any other filter sees it. */
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
    ServerLoadSource serverLoad(InFlightRequests inFlight, ApplicationContext context,
                                ObjectProvider<HikariDataSource> visitDatabasePool, VtlabSettings settings) {
        return new TomcatLoad(inFlight, context, visitDatabasePool, settings.repository().jdbc() != null)::current;
    }

    @Bean
    LabEnvironmentSource labEnvironment(VtlabSettings settings, ApplicationContext context) {
        return new TomcatEnvironment(settings, context)::current;
    }
}
