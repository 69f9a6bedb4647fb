package dev.vtlab.bootstrap.webserver;

import org.apache.coyote.AbstractProtocol;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import reactor.netty.resources.LoopResources;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * The management server's threads: a few platform threads of its own, whatever flag T or Spring Boot's switch gives
 * the main server. Its point is to answer while the main server's request pool is full or every carrier thread is
 * pinned, so it shares neither with the requests it reports on. Boot makes this server in a child context that
 * binds the same {@code server.*} settings as the main one (200 threads, or virtual threads with Boot's switch);
 * these customizers run after Boot's and set its pool alone. Registered for the child context only
 * (META-INF/spring/...ManagementContextConfiguration.imports); each applies to its own server's factory.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
public class ManagementServer {

    /** At most this many meter reads at once: a scraper or two, a person with curl. */
    public static final int THREADS = 4;
    static final String THREAD_NAME = "management-";

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> tomcatManagementThreads() {
        // A connector customizer: Tomcat runs them after every protocol handler customizer, Boot's among them.
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
                protocol.setExecutor(null); // Tomcat then makes its own pool, of platform threads, at start
                protocol.setMaxThreads(THREADS);
                protocol.setMinSpareThreads(1);
            }
        });
    }

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebServerFactoryCustomizer<JettyServletWebServerFactory> jettyManagementThreads() {
        return factory -> {
            // Jetty's pool also runs its acceptor and selector: room for them beside the request threads.
            QueuedThreadPool threads = new QueuedThreadPool(THREADS + 4, 2);
            threads.setName(THREAD_NAME);
            factory.setThreadPool(threads);
        };
    }

    /**
     * Netty's: an event loop of its own (threads {@code management-epoll-N}), not the main server's, which T off
     * blocks by design.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class OnNetty {

        @Bean(destroyMethod = "dispose")
        LoopResources managementEventLoop() {
            return LoopResources.create(THREAD_NAME.substring(0, THREAD_NAME.length() - 1), 1, THREADS, true);
        }

        @Bean
        @Order(Ordered.LOWEST_PRECEDENCE)
        WebServerFactoryCustomizer<NettyReactiveWebServerFactory> nettyManagementThreads(
                LoopResources managementEventLoop) {
            return factory -> factory.addServerCustomizers(server -> server.runOn(managementEventLoop));
        }
    }
}
