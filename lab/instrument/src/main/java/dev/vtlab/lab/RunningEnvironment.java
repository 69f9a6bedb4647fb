package dev.vtlab.lab;

import dev.vtlab.redaction.Secrets;
import dev.vtlab.settings.VirtualThreadFlags;
import dev.vtlab.settings.VtlabSettings;
import org.springframework.context.ApplicationContext;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * Lab data source: {@link LabEnvironment} read from the running server: the settings it applied, its web server's
 * connector ({@link WebServerView}) and Spring's executors as they were really configured.
 */
public final class RunningEnvironment {

    private final VtlabSettings settings;
    private final ApplicationContext context;

    public RunningEnvironment(VtlabSettings settings, ApplicationContext context) {
        this.settings = settings;
        this.context = context;
    }

    public LabEnvironment current() {
        Runtime runtime = Runtime.getRuntime();
        return new LabEnvironment(flags(settings.effective()), settings.springVirtualThreads(),
                System.getProperty("java.version"), System.getProperty("java.vendor"),
                runtime.availableProcessors(), ForkJoinPool.getCommonPoolParallelism(), runtime.maxMemory(),
                WebServerView.limits(context, settings), settings.countDelay().toMillis(), settings.saveDelay().toMillis(),
                settings.repository().kind().label(), repositoryUrl(), settings.repository().guard().label(),
                asyncRequestTimeoutMs(), pool(), new LabEnvironment.Executors(asyncExecutorThreads(),
                        threadsAtMost(new CompletableFuture<Void>().defaultExecutor())), fanOut());
    }

    private LabEnvironment.FanOut fanOut() {
        VtlabSettings.FanOut fanOut = settings.fanOut();
        return new LabEnvironment.FanOut(fanOut.way().label(), fanOut.visitCountDelay().toMillis(),
                fanOut.lastVisitDelay().toMillis(), fanOut.recommendationDelay().toMillis());
    }

    private static LabEnvironment.Flags flags(VirtualThreadFlags applied) {
        return new LabEnvironment.Flags(applied.tomcat(), applied.asyncExecutor(), applied.wrapper(),
                applied.repository(), applied.label());
    }

    /** Spring's {@code applicationTaskExecutor}, as the composition root made it. */
    private Integer asyncExecutorThreads() {
        Object executor = context.getBean("applicationTaskExecutor");
        if (executor instanceof ThreadPoolTaskExecutor pool) {
            // An unbounded queue takes every task past the core threads: the pool never grows beyond them.
            return pool.getQueueCapacity() == Integer.MAX_VALUE ? pool.getCorePoolSize() : pool.getMaxPoolSize();
        }
        return threadsAtMost(executor);
    }

    /** A pool's size; {@code null} for an executor that starts a thread per task. */
    private static Integer threadsAtMost(Object executor) {
        if (executor instanceof ForkJoinPool pool) {
            return pool.getParallelism();
        }
        if (executor instanceof ThreadPoolExecutor pool) {
            return pool.getMaximumPoolSize();
        }
        return null;
    }

    private String repositoryUrl() {
        VtlabSettings.Repository repository = settings.repository();
        if (repository.jdbc() != null) {
            return Secrets.address(repository.jdbc().url());
        }
        return repository.storeUrl() == null ? null : repository.storeUrl().toString();
    }

    private LabEnvironment.Pool pool() {
        VtlabSettings.Jdbc jdbc = settings.repository().jdbc();
        return jdbc == null ? null
                : new LabEnvironment.Pool(jdbc.poolSize(), jdbc.poolTimeout().toMillis(), jdbc.maxConcurrent());
    }

    private Long asyncRequestTimeoutMs() {
        Duration timeout = context.getEnvironment().getProperty("spring.mvc.async.request-timeout", Duration.class);
        return timeout == null ? null : timeout.toMillis();
    }
}
