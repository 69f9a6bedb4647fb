package dev.vtlab.adapters.config;

import dev.vtlab.adapters.lab.JvmFigures;
import dev.vtlab.adapters.lab.LabEnvironmentSource;
import dev.vtlab.adapters.lab.ThreadPlacement;
import dev.vtlab.adapters.lab.VirtualThreadEvents;
import dev.vtlab.adapters.out.persistence.SleepyVisitRepository;
import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.application.service.SayHelloService;
import org.apache.coyote.ProtocolHandler;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.task.SimpleAsyncTaskExecutorBuilder;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.task.AsyncTaskExecutor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * Composition root: wires the core by hand and chooses, for each of the four places, a platform or a virtual
 * thread executor. Moving virtual threads is a change here and in flags.properties, never in the core.
 */
@Configuration(proxyBeanMethods = false)
public class CompositionRoot {

    private static final Logger log = LoggerFactory.getLogger(CompositionRoot.class);

    /** Validated settings; a bad flag or delay stops start-up here, before Tomcat starts. */
    @Bean
    VtlabSettings vtlabSettings(ConfigurableEnvironment environment) {
        VtlabSettings settings = VtlabSettings.read(environment);
        log.info("flags {}", settings.requested().label());
        if (!settings.overriddenBySpring().isEmpty()) {
            log.warn("spring.threads.virtual.enabled=true overrides {}: running with flags {}",
                    String.join(" and ", settings.overriddenBySpring()), settings.effective().label());
        }
        return settings;
    }

    // ---- the core, wired by hand: no Spring annotation in domain or application ----

    @Bean
    SleepyVisitRepository visitRepository(VtlabSettings settings,
                                          @Qualifier("repositoryExecutor") Executor repositoryExecutor,
                                          ThreadPlacement placement) {
        return new SleepyVisitRepository(settings.countDelay(), settings.saveDelay(), repositoryExecutor, placement);
    }

    @Bean
    SayHelloUseCase sayHelloUseCase(SleepyVisitRepository visitRepository) {
        return new SayHelloService(visitRepository);
    }

    // ---- the four places where virtual threads can go ----

    /** T: Tomcat's request threads. Off: Tomcat's own platform pool (200 threads by default). */
    @Bean
    TomcatProtocolHandlerCustomizer<ProtocolHandler> tomcatExecutor(VtlabSettings settings) {
        return protocolHandler -> {
            if (settings.effective().tomcat()) {
                protocolHandler.setExecutor(new VirtualThreadExecutor("vt-tomcat-"));
            }
        };
    }

    /**
     * A: the executor Spring MVC runs {@code Callable} return values on (looked up by this bean name). Off: what
     * Spring Boot builds by default, a pool of 8 platform threads named {@code task-}.
     */
    @Bean(name = "applicationTaskExecutor")
    AsyncTaskExecutor applicationTaskExecutor(VtlabSettings settings, ThreadPoolTaskExecutorBuilder platform,
                                              SimpleAsyncTaskExecutorBuilder virtual) {
        return settings.effective().asyncExecutor()
                ? virtual.virtualThreads(true).threadNamePrefix("vt-app-task-").build()
                : platform.build();
    }

    /** W: the executor {@code /wrapped} hands to {@code supplyAsync}. */
    @Bean
    Executor wrapperExecutor(VtlabSettings settings) {
        return virtualOrDefault(settings.effective().wrapper(), "vt-wrapper-");
    }

    /** R: the executor the repository's async calls wait on. */
    @Bean
    Executor repositoryExecutor(VtlabSettings settings) {
        return virtualOrDefault(settings.effective().repository(), "vt-repository-");
    }

    /**
     * On: a new virtual thread per task. Off: exactly what {@code supplyAsync} uses when given no executor, the
     * common pool, or a new platform thread per task when the common pool's parallelism is 1 (2 cores or fewer).
     */
    private static Executor virtualOrDefault(boolean virtual, String namePrefix) {
        return virtual
                ? Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(namePrefix, 0).factory())
                : new CompletableFuture<Void>().defaultExecutor();
    }

    // ---- the lab ----

    @Bean
    ThreadPlacement threadPlacement() {
        return new ThreadPlacement();
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
