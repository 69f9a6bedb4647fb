package dev.vtlab.bootstrap;

import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.adapters.out.fanout.FutureReads;
import dev.vtlab.adapters.out.fanout.SequentialReads;
import dev.vtlab.adapters.out.jdbc.JdbcVisitRepository;
import dev.vtlab.adapters.out.jdbc.JdbcVisitorReads;
import dev.vtlab.adapters.out.sleepy.SleepyVisitorReads;
import dev.vtlab.adapters.out.sleepy.SleepyVisitRepository;
import dev.vtlab.adapters.out.visitstore.HttpVisitRepository;
import dev.vtlab.adapters.out.visitstore.HttpVisitorReads;
import dev.vtlab.application.port.in.SayHelloUseCase;
import dev.vtlab.application.port.in.ShowVisitorCardUseCase;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.LastVisits;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.application.port.out.VisitCounts;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.application.service.SayHelloService;
import dev.vtlab.application.service.VisitorCardService;
import dev.vtlab.bootstrap.webserver.InFlightBound;
import dev.vtlab.bootstrap.webserver.JettyRequestThreads;
import dev.vtlab.bootstrap.webserver.WebServerConfiguration;
import dev.vtlab.redaction.Secrets;
import dev.vtlab.settings.VtlabSettings;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshotFactory;
import io.micrometer.context.integration.Slf4jThreadLocalAccessor;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import org.apache.coyote.ProtocolHandler;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.task.SimpleAsyncTaskExecutorBuilder;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.TaskDecorator;
import org.springframework.core.task.support.TaskExecutorAdapter;
import org.springframework.web.reactive.config.BlockingExecutionConfigurer;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.jdbc.core.JdbcOperations;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.function.UnaryOperator;

/**
 * Composition root: wires the core by hand against its port, picks the persistence adapter, and chooses, for each
 * of the four places, a platform or a virtual thread executor, each flag in one method. Moving virtual threads, or
 * swapping the adapter, is a change here and in flags.properties, never in the core. Every executor that runs is
 * chosen here, and every decorator that runs is applied here, through the lab's hook ({@link #measuredByTheLab}).
 * It also picks how {@code /fanout}'s independent reads run ({@code vtlab.fan-out}: one after the other, futures on
 * W's executor, or a structured scope on virtual threads), and applies, once, the wrapping that carries the request's
 * logging context into each branch;
 * the reads themselves follow the repository's kind, picked in the same switch as the repository's adapter.
 * The rest of the wiring is named after its concern: the web adapter ({@link WebConfiguration}), the JDBC
 * adapter's pool ({@link PersistenceConfiguration}) and the web server, Tomcat, Jetty or Netty
 * ({@link WebServerConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@Import({WebConfiguration.class, PersistenceConfiguration.class, WebServerConfiguration.class})
public class CompositionRoot {

    private static final Logger log = LoggerFactory.getLogger(CompositionRoot.class);
    private static final Duration STORE_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * Exactly what {@code supplyAsync} uses when given no executor, which depends on the JDK and the cores: the
     * common pool, or a new platform thread per task when its parallelism is 1 on JDK 21 (docs/architecture.md has
     * what was measured on each).
     */
    private static final Executor SUPPLY_ASYNC_DEFAULT = new CompletableFuture<Void>().defaultExecutor();
    /** W's bean: one of several executors here, so the web adapter's wiring asks for it by name. */
    static final String WRAPPER_EXECUTOR = "wrapperExecutor";
    /** {@code supplyAsync}'s default, metered: W's and R's executor when they are off. */
    private static final String SUPPLY_ASYNC_DEFAULT_BEAN = "supplyAsyncDefault";
    /** The visit store's one client, for the repository and the card's reads alike. */
    private static final String VISIT_STORE_CLIENT = "visitStoreClient";

    /** Validated settings; a bad flag, delay or setting stops start-up here, before the web server starts. */
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
        log.info("web server {}; {}", settings.webServer().label(), InFlightBound.describe(environment,
                settings.webServer()));
        log.info("fan-out {}, deadline {} ms", settings.fanOut().way().label(), settings.fanOut().deadline().toMillis());
        return settings;
    }

    // ---- the core, wired by hand against its port: no Spring annotation in domain or application ----

    /**
     * The persistence adapter {@code vtlab.repository.kind} names, on the repository's threads (flag R), measured
     * by the lab when it is there; the core sees only the port.
     */
    @Bean
    VisitRepository visitRepository(VtlabSettings settings, ObjectProvider<JdbcOperations> visitDatabase,
                                    ObjectProvider<HikariDataSource> visitDatabasePool, MeterRegistry meters,
                                    @Qualifier(SUPPLY_ASYNC_DEFAULT_BEAN) Executor supplyAsyncDefault,
                                    @Qualifier(VISIT_STORE_CLIENT) ObjectProvider<HttpClient> visitStoreClient,
                                    ObjectProvider<UnaryOperator<VisitRepository>> labRecorder) {
        VtlabSettings.Repository repository = settings.repository();
        VisitRepository adapter = switch (repository.kind()) {
            case SLEEPY -> new SleepyVisitRepository(settings.countDelay(), settings.saveDelay(),
                    repositoryThreads(settings, meters).orElse(supplyAsyncDefault), repository.guard());
            case HTTP -> new HttpVisitRepository(visitStoreClient.getObject(), repository.storeUrl(),
                    repository.timeout());
            case JDBC -> new JdbcVisitRepository(visitDatabase.getObject(), repository.jdbc().url(),
                    settings.countDelay(), settings.saveDelay(),
                    repositoryThreads(settings, meters).orElse(supplyAsyncDefault),
                    PersistenceConfiguration.connectionPool(repository.jdbc()),
                    visitDatabasePool.getObject().getHikariPoolMXBean());
        };
        return measuredByTheLab(adapter, labRecorder);
    }

    /**
     * The HTTP adapters' client, on the repository's threads (flag R): one for the repository and the card's
     * reads, so that both reach the store through the same connections. Made only when an adapter asks for it
     * ({@code vtlab.repository.kind=http}).
     */
    @Bean(VISIT_STORE_CLIENT)
    @Lazy
    HttpClient visitStoreClient(VtlabSettings settings, MeterRegistry meters) {
        return visitStoreClient(repositoryThreads(settings, meters));
    }

    @Bean
    SayHelloUseCase sayHelloUseCase(VisitRepository visitRepository) {
        return new SayHelloService(visitRepository);
    }

    // ---- the fan-out: a visitor's card from three independent reads (/fanout) ----

    /**
     * The card's use case on its three read ports and the fan-out {@code vtlab.fan-out} names. The reads follow
     * {@code vtlab.repository.kind} as the greeting's repository does, one adapter class per kind implementing the
     * three: sleepy (each sleeps its {@code vtlab.fan-out.*-delay}), the visit store over the repository's HTTP
     * client (each waits the store's count delay, fails after {@code vtlab.repository.timeout}), or the database
     * through the repository's pool and bulkhead (the database waits each {@code vtlab.fan-out.*-delay}, holding a
     * connection). Each port is measured by the lab when it offers a recorder for it.
     */
    @Bean
    ShowVisitorCardUseCase showVisitorCardUseCase(VtlabSettings settings, IndependentReads independentReads,
                                                  ObjectProvider<JdbcOperations> visitDatabase,
                                                  ObjectProvider<HikariDataSource> visitDatabasePool,
                                                  @Qualifier(VISIT_STORE_CLIENT) ObjectProvider<HttpClient> visitStoreClient,
                                                  ObjectProvider<UnaryOperator<VisitCounts>> visitCountsRecorder,
                                                  ObjectProvider<UnaryOperator<LastVisits>> lastVisitsRecorder,
                                                  ObjectProvider<UnaryOperator<Recommendations>> recommendationsRecorder) {
        VtlabSettings.FanOut fanOut = settings.fanOut();
        VtlabSettings.Repository repository = settings.repository();
        var reads = switch (repository.kind()) {
            case SLEEPY -> new SleepyVisitorReads(fanOut.visitCountDelay(), fanOut.lastVisitDelay(),
                    fanOut.recommendationDelay());
            case HTTP -> new HttpVisitorReads(visitStoreClient.getObject(), repository.storeUrl(),
                    repository.timeout());
            case JDBC -> new JdbcVisitorReads(visitDatabase.getObject(), repository.jdbc().url(),
                    fanOut.visitCountDelay(), fanOut.lastVisitDelay(), fanOut.recommendationDelay(),
                    PersistenceConfiguration.connectionPool(repository.jdbc()),
                    visitDatabasePool.getObject().getHikariPoolMXBean());
        };
        return card(reads, independentReads, visitCountsRecorder, lastVisitsRecorder, recommendationsRecorder);
    }

    /** The card's use case on one adapter's three reads, each port measured by the lab when it offers a recorder. */
    private static <R extends VisitCounts & LastVisits & Recommendations> ShowVisitorCardUseCase card(
            R reads, IndependentReads independentReads,
            ObjectProvider<UnaryOperator<VisitCounts>> visitCountsRecorder,
            ObjectProvider<UnaryOperator<LastVisits>> lastVisitsRecorder,
            ObjectProvider<UnaryOperator<Recommendations>> recommendationsRecorder) {
        return new VisitorCardService(measuredByTheLab((VisitCounts) reads, visitCountsRecorder),
                measuredByTheLab((LastVisits) reads, lastVisitsRecorder),
                measuredByTheLab((Recommendations) reads, recommendationsRecorder), independentReads);
    }

    /**
     * How the card's reads run ({@link #fanOut}), measured by the lab when it is there: it notes what each fan-out
     * leaves running after its answer.
     */
    @Bean
    IndependentReads independentReads(VtlabSettings settings,
                                      @Qualifier(WRAPPER_EXECUTOR) Executor wrapperExecutor,
                                      ObjectProvider<UnaryOperator<IndependentReads>> labRecorder) {
        return measuredByTheLab(fanOut(settings, wrapperExecutor), labRecorder);
    }

    /**
     * How the card's reads run, {@code vtlab.fan-out}: one after the other on the request's thread; as futures
     * on W's executor (the bean {@code /wrapped} uses, so flag W decides their threads); or forked in a structured
     * scope, each on a new virtual thread (JDK 25's preview API, loaded only when chosen: {@link StructuredFanOut}).
     * The executor and the thread factory carry the request's logging context into each branch.
     */
    static IndependentReads fanOut(VtlabSettings settings, Executor wrapperExecutor) {
        VtlabSettings.FanOut fanOut = settings.fanOut();
        return switch (fanOut.way()) {
            case SEQUENTIAL -> new SequentialReads(fanOut.deadline(), FanOutController.REQUEST_ID_KEY);
            case FUTURES -> new FutureReads(carryingTheRequestContext(wrapperExecutor), fanOut.deadline(),
                    FanOutController.REQUEST_ID_KEY);
            case STRUCTURED -> StructuredFanOut.load(carryingTheRequestContext(
                    Thread.ofVirtual().name("vt-fanout-", 0).factory()), fanOut.deadline(),
                    FanOutController.REQUEST_ID_KEY);
        };
    }

    /**
     * {@code executor}, each task run with the logging context (the MDC's request id) of the thread that handed it
     * over: Micrometer's context-propagation captures it at hand-over, sets it on the thread that runs the task,
     * and restores that thread's own after. A handing thread with no id clears it on the running one, so that a
     * pooled thread never shows the id of a request it served before. Applied here, once: no adapter and no use
     * case carries the context itself.
     */
    static Executor carryingTheRequestContext(Executor executor) {
        ContextSnapshotFactory snapshots = requestContext();
        return task -> executor.execute(snapshots.captureAll().wrap(task));
    }

    /**
     * {@code threads}, each thread running its task with the logging context of the thread that asked for it: the
     * scope's owner, the request's thread, asks as it forks, so the snapshot is taken there, as for an executor.
     */
    static ThreadFactory carryingTheRequestContext(ThreadFactory threads) {
        ContextSnapshotFactory snapshots = requestContext();
        return task -> threads.newThread(snapshots.captureAll().wrap(task));
    }

    /** The request id in the MDC, the one context the branches need; missing on the caller, cleared on the branch. */
    private static ContextSnapshotFactory requestContext() {
        return ContextSnapshotFactory.builder()
                .contextRegistry(new ContextRegistry().registerThreadLocalAccessor(
                        new Slf4jThreadLocalAccessor(FanOutController.REQUEST_ID_KEY)))
                .clearMissing(true).build();
    }

    // ---- the four places where virtual threads can go ----

    /**
     * T, on Tomcat: the web server's request threads, a virtual thread per task. Off: Tomcat's own platform pool
     * (200 threads by default). Spring Boot's switch alone gives Tomcat the same kind of executor, so it counts as T.
     */
    @Bean
    TomcatProtocolHandlerCustomizer<ProtocolHandler> tomcatExecutor(VtlabSettings settings) {
        return protocolHandler -> {
            if (settings.effective().tomcat()) {
                protocolHandler.setExecutor(new VirtualThreadExecutor("vt-tomcat-"));
            }
        };
    }

    /**
     * T, on Jetty: the web server's request threads, a virtual thread per task up to its in-flight bound. Off:
     * Jetty's {@code QueuedThreadPool} of 200 platform threads, or with Spring Boot's switch alone the pool Boot
     * builds, which runs at most {@code server.jetty.threads.max} (200) tasks at once: measured as Boot makes it.
     */
    @Bean
    JettyRequestThreads jettyRequestThreads(VtlabSettings settings) {
        return new JettyRequestThreads(settings.requested().tomcat());
    }

    /**
     * T, on Netty: the executor Spring WebFlux runs blocking controller methods on (those whose return value is no
     * reactive type or future: {@code /sync}), a virtual thread per task. Off: none, so they run on Netty's event
     * loop, a few platform threads that every connection shares (the classic mistake, measured in
     * docs/web-servers.md). With Spring Boot's switch alone, Boot hands them to {@code applicationTaskExecutor}
     * (A's bean) itself: measured as Boot makes it, as on Jetty.
     */
    @Bean
    WebFluxConfigurer nettyRequestThreads(VtlabSettings settings, MeterRegistry meters) {
        AsyncTaskExecutor virtual = settings.webServer().reactive() && settings.requested().tomcat()
                ? new TaskExecutorAdapter(virtualThreads("vt-webflux-", meters, "nettyRequestThreads", "T")) : null;
        return new WebFluxConfigurer() {
            @Override
            public void configureBlockingExecution(BlockingExecutionConfigurer configurer) {
                if (virtual != null) {
                    configurer.setExecutor(virtual);
                }
            }
        };
    }

    /**
     * A: the executor Spring MVC runs {@code Callable} return values on (looked up by this bean name). Off: what
     * Spring Boot builds by default, a pool of 8 platform threads named {@code task-}.
     */
    @Bean(name = "applicationTaskExecutor")
    AsyncTaskExecutor applicationTaskExecutor(VtlabSettings settings, ThreadPoolTaskExecutorBuilder platform,
                                              SimpleAsyncTaskExecutorBuilder virtual, MeterRegistry meters) {
        // Each task timed as Micrometer times the executors it wraps (executor_seconds{name, place}): how long a
        // Callable holds a thread of A. Boot meters the pool itself (its size, active threads, queue).
        Timer tasks = Timer.builder("executor").description("Task execution time").tag("name",
                "applicationTaskExecutor").tag("place", "A").register(meters);
        TaskDecorator timed = task -> () -> tasks.record(task);
        return settings.effective().asyncExecutor()
                ? virtual.virtualThreads(true).threadNamePrefix("vt-app-task-").taskDecorator(timed).build()
                : platform.taskDecorator(timed).build();
    }

    /**
     * W: the executor {@code /wrapped} hands to {@code supplyAsync}, measured by the lab when it is there. Off:
     * {@code supplyAsync}'s default.
     */
    @Bean(name = WRAPPER_EXECUTOR)
    Executor wrapperExecutor(VtlabSettings settings, MeterRegistry meters,
                             @Qualifier(SUPPLY_ASYNC_DEFAULT_BEAN) Executor supplyAsyncDefault,
                             ObjectProvider<UnaryOperator<Executor>> labRecorder) {
        return measuredByTheLab(settings.effective().wrapper()
                ? virtualThreads("vt-wrapper-", meters, WRAPPER_EXECUTOR, "W") : supplyAsyncDefault, labRecorder);
    }

    /**
     * R: the repository's own threads. On: a virtual thread per task, for the sleepy and JDBC adapters where
     * {@code countAsync}/{@code saveAsync} wait, for the HTTP adapter its client's executor. Off (empty): each
     * adapter's default, {@code supplyAsync}'s for the sleepy and JDBC adapters, the client's own pool for HTTP.
     */
    private static Optional<Executor> repositoryThreads(VtlabSettings settings, MeterRegistry meters) {
        return settings.effective().repository()
                ? Optional.of(virtualThreads("vt-repository-", meters, "repositoryThreads", "R")) : Optional.empty();
    }

    /**
     * {@code supplyAsync}'s default (W off, R off), its tasks timed where the composition root hands it out
     * ({@code executor_seconds{name, place="supplyAsync"}}: how long a request holds it) and, when it is the common
     * pool, the pool metered ({@code executor_active}, {@code executor_queued}, its parallelism) under
     * {@code name="commonPool"}. The tasks still run where {@code supplyAsync} runs them without an executor. With a
     * parallelism of 1 on JDK 21 it is a new platform thread per task ({@code name="threadPerTask"}), with no pool.
     * One bean for W and R alike: metered once.
     */
    @Bean(name = SUPPLY_ASYNC_DEFAULT_BEAN)
    Executor supplyAsyncDefault(MeterRegistry meters) {
        return ExecutorServiceMetrics.monitor(meters, SUPPLY_ASYNC_DEFAULT,
                SUPPLY_ASYNC_DEFAULT instanceof ForkJoinPool ? "commonPool" : "threadPerTask",
                Tags.of("place", "supplyAsync"));
    }

    /**
     * A new virtual thread per task, named {@code namePrefix} and a number, metered where it is made: Micrometer's
     * executor binding times each task ({@code executor_seconds{name, place}}) and how long tasks waited to start
     * ({@code executor_idle_seconds}); there is no pool to fill (docs/observing.md).
     */
    private static Executor virtualThreads(String namePrefix, MeterRegistry meters, String name, String place) {
        return ExecutorServiceMetrics.monitor(meters,
                Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(namePrefix, 0).factory()), name,
                Tags.of("place", place));
    }

    // ---- the lab's one hook ----

    /**
     * What runs in place of {@code made}: the lab's recorder around it when the lab module is on the class path
     * (it offers a {@code UnaryOperator} for the repository port, the wrapper's executor and the fan-out), else
     * {@code made} itself. The recorders note which kind of thread ran each call and change nothing else; the
     * server without the lab (bootstrap/target/vtlab-server-without-lab.jar) runs exactly what this class made.
     */
    private static <T> T measuredByTheLab(T made, ObjectProvider<UnaryOperator<T>> labRecorder) {
        return labRecorder.getIfAvailable(UnaryOperator::identity).apply(made);
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

    private static String describe(VtlabSettings.Repository repository) {
        return switch (repository.kind()) {
            case SLEEPY -> "sleepy, guard " + repository.guard().label();
            case HTTP -> "http at " + repository.storeUrl();
            case JDBC -> "jdbc at " + Secrets.address(repository.jdbc().url()) + ", pool "
                    + repository.jdbc().poolSize() + " connections, timeout "
                    + repository.jdbc().poolTimeout().toMillis() + " ms, bulkhead "
                    + (repository.jdbc().maxConcurrent() == null ? "off" : repository.jdbc().maxConcurrent());
        };
    }
}
