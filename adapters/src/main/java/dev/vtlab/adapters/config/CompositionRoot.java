package dev.vtlab.adapters.config;

import dev.vtlab.adapters.config.settings.VtlabSettings;
import dev.vtlab.adapters.config.tomcat.InFlightBound;
import dev.vtlab.adapters.in.web.HelloController;

import dev.vtlab.adapters.out.jdbc.Bulkhead;
import dev.vtlab.adapters.out.jdbc.ConnectionPool;
import dev.vtlab.adapters.out.jdbc.JdbcVisitRepository;
import dev.vtlab.adapters.out.persistence.SleepyVisitRepository;
import dev.vtlab.adapters.out.visitstore.HttpVisitRepository;
import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.application.service.SayHelloService;
import dev.vtlab.redaction.Secrets;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.servlet.DispatcherType;
import org.apache.coyote.ProtocolHandler;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.task.SimpleAsyncTaskExecutorBuilder;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * Composition root: wires the core by hand against its port, picks the persistence adapter, and chooses, for each
 * of the four places, a platform or a virtual thread executor, each flag in one method. Moving virtual threads, or
 * swapping the adapter, is a change here and in flags.properties, never in the core. (The lab puts its recorders
 * around these beans after they are made, from its own configuration: nothing here knows it is measured.)
 */
@Configuration(proxyBeanMethods = false)
public class CompositionRoot {

    private static final Logger log = LoggerFactory.getLogger(CompositionRoot.class);
    private static final Duration STORE_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * Exactly what {@code supplyAsync} uses when given no executor, which depends on the JDK and the cores: the
     * common pool, or a new platform thread per task when its parallelism is 1 on JDK 21 (docs/architecture.md has
     * what was measured on each).
     */
    private static final Executor SUPPLY_ASYNC_DEFAULT = new CompletableFuture<Void>().defaultExecutor();
    /** The JDBC adapter's pool, as its logs and failures name it. */
    static final String POOL_NAME = "vtlab-db-pool";

    /** Validated settings; a bad flag, delay or repository setting stops start-up here, before Tomcat starts. */
    @Bean
    VtlabSettings vtlabSettings(ConfigurableEnvironment environment) {
        VtlabSettings settings = VtlabSettings.read(environment);
        if (!settings.flagsFileFound()) {
            Path here = Path.of("").toAbsolutePath();
            log.info("no flags.properties in {} or {}: every flag is off unless an argument, -D or environment "
                    + "variable sets it", here, here.getParent());
        }
        log.info("flags {}", settings.requested().label());
        if (!settings.overriddenBySpring().isEmpty()) {
            log.warn("spring.threads.virtual.enabled=true overrides {}: running with flags {}",
                    String.join(" and ", settings.overriddenBySpring()), settings.effective().label());
        }
        log.info("repository {}", describe(settings.repository()));
        log.info(InFlightBound.describe(environment));
        return settings;
    }

    // ---- the core, wired by hand against its port: no Spring annotation in domain or application ----

    /**
     * The persistence adapter {@code vtlab.repository.kind} names, on the repository's threads (flag R); the core
     * sees only the port.
     */
    @Bean
    VisitRepository visitRepository(VtlabSettings settings, ObjectProvider<JdbcOperations> visitDatabase,
                                    ObjectProvider<HikariDataSource> visitDatabasePool) {
        VtlabSettings.Repository repository = settings.repository();
        Optional<Executor> threads = repositoryThreads(settings);
        return switch (repository.kind()) {
            case VtlabSettings.Repository.HTTP -> new HttpVisitRepository(visitStoreClient(threads), repository.url(),
                    repository.timeout());
            case VtlabSettings.Repository.JDBC -> new JdbcVisitRepository(visitDatabase.getObject(),
                    repository.jdbc().url(), settings.countDelay(), settings.saveDelay(),
                    threads.orElse(SUPPLY_ASYNC_DEFAULT), connectionPool(repository.jdbc()),
                    visitDatabasePool.getObject().getHikariPoolMXBean());
            default -> new SleepyVisitRepository(settings.countDelay(), settings.saveDelay(),
                    threads.orElse(SUPPLY_ASYNC_DEFAULT), repository.guard());
        };
    }

    /**
     * The HTTP adapter's client: on the repository's threads, it reads answers and runs its own tasks on them (no
     * thread waits for the store on {@code sendAsync}); without, the client's default, a cached pool of platform
     * threads it creates itself ({@code HttpClient-N-Worker-M}). Either way, {@code sendAsync} hands its result to
     * {@code supplyAsync}'s default executor before the caller sees it (a JDK rule, not ours).
     */
    private static HttpClient visitStoreClient(Optional<Executor> threads) {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(STORE_CONNECT_TIMEOUT);
        threads.ifPresent(builder::executor);
        return builder.build();
    }

    // ---- the JDBC adapter's pool and bulkhead: made only for vtlab.repository.kind=jdbc (lazy) ----

    /**
     * HikariCP, sized by the settings (its own defaults: 10 connections, 30 s to wait for one). It starts without
     * the database ({@code initializationFailTimeout -1}): until the database answers, calls fail with a 502
     * naming it, and the server recovers by itself when it is back. Closed with the context.
     */
    @Bean(destroyMethod = "close")
    @Lazy
    HikariDataSource visitDatabasePool(VtlabSettings settings) {
        VtlabSettings.Jdbc jdbc = settings.repository().jdbc();
        HikariConfig config = new HikariConfig();
        config.setPoolName(POOL_NAME);
        config.setJdbcUrl(jdbc.url());
        config.setPassword(jdbc.password()); // null: none, or in the URL
        config.setMaximumPoolSize(jdbc.poolSize());
        config.setConnectionTimeout(jdbc.poolTimeout().toMillis());
        config.setInitializationFailTimeout(-1);
        return new HikariDataSource(config);
    }

    /**
     * Spring's JDBC template over the pool; with {@code vtlab.repository.max-concurrent}, behind a bulkhead that
     * refuses at once what the pool could not serve soon.
     */
    @Bean
    @Lazy
    JdbcOperations visitDatabase(HikariDataSource visitDatabasePool, VtlabSettings settings) {
        JdbcOperations template = new JdbcTemplate(visitDatabasePool);
        Integer limit = settings.repository().jdbc().maxConcurrent();
        return limit == null ? template : Bulkhead.around(template, limit);
    }

    private static ConnectionPool connectionPool(VtlabSettings.Jdbc jdbc) {
        return new ConnectionPool(POOL_NAME, jdbc.poolSize(), jdbc.poolTimeout(), jdbc.maxConcurrent());
    }

    private static String describe(VtlabSettings.Repository repository) {
        return switch (repository.kind()) {
            case VtlabSettings.Repository.HTTP -> "http at " + repository.url();
            case VtlabSettings.Repository.JDBC -> "jdbc at "
                    + Secrets.address(repository.jdbc().url()) + ", pool "
                    + repository.jdbc().poolSize() + " connections, timeout "
                    + repository.jdbc().poolTimeout().toMillis() + " ms, bulkhead "
                    + (repository.jdbc().maxConcurrent() == null ? "off" : repository.jdbc().maxConcurrent());
            default -> "sleepy, guard " + repository.guard().label();
        };
    }

    @Bean
    SayHelloUseCase sayHelloUseCase(VisitRepository visitRepository) {
        return new SayHelloService(visitRepository);
    }

    /** First in the chain, for requests and async dispatches: see the class for why. */
    @Bean
    FilterRegistrationBean<ResponseCompletingFilter> responseCompletingFilter() {
        FilterRegistrationBean<ResponseCompletingFilter> registration =
                new FilterRegistrationBean<>(new ResponseCompletingFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        return registration;
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

    /** W: the executor {@code /wrapped} hands to {@code supplyAsync}. Off: {@code supplyAsync}'s default. */
    @Bean(name = HelloController.WRAPPER_EXECUTOR)
    Executor wrapperExecutor(VtlabSettings settings) {
        return settings.effective().wrapper() ? virtualThreads("vt-wrapper-") : SUPPLY_ASYNC_DEFAULT;
    }

    /**
     * R: the repository's own threads. On: a virtual thread per task, for the sleepy and JDBC adapters where
     * {@code countAsync}/{@code saveAsync} wait, for the HTTP adapter its client's executor. Off (empty): each
     * adapter's default, {@code supplyAsync}'s for the sleepy and JDBC adapters, the client's own pool for HTTP.
     */
    private static Optional<Executor> repositoryThreads(VtlabSettings settings) {
        return settings.effective().repository() ? Optional.of(virtualThreads("vt-repository-")) : Optional.empty();
    }

    /** A new virtual thread per task, named {@code namePrefix} and a number. */
    private static Executor virtualThreads(String namePrefix) {
        return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(namePrefix, 0).factory());
    }
}
