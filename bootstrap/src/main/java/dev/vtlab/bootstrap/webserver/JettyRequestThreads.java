package dev.vtlab.bootstrap.webserver;

import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.springframework.boot.jetty.JettyWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Flag T on Jetty (the composition root makes it): a virtual thread per task, at most as many at once as the
 * connections Jetty holds (its in-flight bound), so no cap of the pool's binds below the heap's. Off it changes
 * nothing: Jetty's own {@code QueuedThreadPool} of 200 platform threads, or, with only Spring Boot's switch
 * ({@code spring.threads.virtual.enabled}), the {@code VirtualThreadPool} Boot builds with
 * {@code server.jetty.threads.max} (200) as its cap on tasks at once: Boot's switch, measured as Boot makes it.
 * It runs after Boot's own customizers, so that its pool is the one Jetty gets.
 */
public final class JettyRequestThreads implements WebServerFactoryCustomizer<JettyWebServerFactory>, Ordered {

    /** Tasks at once when no in-flight bound is set (Jetty's {@code max-connections} of -1: no limit). */
    static final int UNBOUNDED = Integer.MAX_VALUE;

    private final boolean virtual;

    /** @param virtual flag T: a virtual thread per request */
    public JettyRequestThreads(boolean virtual) {
        this.virtual = virtual;
    }

    @Override
    public void customize(JettyWebServerFactory factory) {
        if (virtual) {
            int maxTasks = factory.getMaxConnections() > 0 ? factory.getMaxConnections() : UNBOUNDED;
            VirtualThreadPool pool = new VirtualThreadPool(maxTasks);
            pool.setName("vt-jetty-");
            factory.setThreadPool(pool);
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
