package dev.vtlab.adapters.config;

import dev.vtlab.adapters.in.web.HelloController;
import dev.vtlab.adapters.lab.JvmFigures;
import dev.vtlab.adapters.lab.LabEnvironmentSource;
import dev.vtlab.adapters.lab.ThreadPlacement;
import dev.vtlab.adapters.lab.VirtualThreadEvents;
import dev.vtlab.adapters.lab.WebLayerRecorder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Configuration of the lab: its recorders and the Spring MVC hooks that place them around the web adapter. The
 * repository and executor recorders are wrapped in {@link CompositionRoot}, where those are built.
 */
@Configuration(proxyBeanMethods = false)
public class LabWiring implements WebMvcConfigurer {

    private final ThreadPlacement placement = new ThreadPlacement();
    private final WebLayerRecorder webLayers = new WebLayerRecorder(placement, HelloController.class);

    @Bean
    ThreadPlacement threadPlacement() {
        return placement;
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
    VirtualThreadEvents virtualThreadEvents() {
        return new VirtualThreadEvents();
    }

    @Bean
    JvmFigures jvmFigures(VirtualThreadEvents virtualThreadEvents) {
        return new JvmFigures(virtualThreadEvents);
    }

    @Bean
    LabEnvironmentSource labEnvironment(VtlabSettings settings, ApplicationContext context) {
        return new TomcatEnvironment(settings, context)::current;
    }
}
