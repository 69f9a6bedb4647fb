package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.InvalidSettingException;
import dev.vtlab.settings.VtlabSettings;
import org.springframework.boot.context.properties.bind.Binder;
import io.netty.channel.ChannelOption;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.http.server.reactive.HttpHandler;
import reactor.netty.resources.LoopResources;
import tools.jackson.databind.json.JsonMapper;

/**
 * Netty's wiring, when {@code vtlab.web-server=netty} made the application a reactive one ({@link WebStackChoice}):
 * Spring Boot builds the server from its own Netty support (the only reactive server it is left: the main class
 * excludes Tomcat's and Jetty's reactive ones), and this adds what the servlet servers get in
 * {@link WebServerConfiguration}: a thread that only accepts, the in-flight bound, the kernel's accept queue as deep,
 * the answer to an undecodable query, and the lab's own port. Its request threads
 * (flag T: the executor WebFlux runs blocking controller methods on) are chosen in the composition root.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class NettyServerConfiguration {

    /** Reactor Netty's own name for its server's loops: the threads are named {@code reactor-http-epoll-N}. */
    private static final String EVENT_LOOP_PREFIX = "reactor-http";

    /**
     * The server's event loops, as many as Reactor Netty's default, and one thread more that only accepts
     * connections, as Tomcat's and Jetty's acceptors do. By default Reactor Netty accepts on one of the event-loop
     * threads: with T off a blocking method holds that thread, no connection is accepted until it returns, and /sync
     * sustained 0.45 of what Little's law predicts from the event loops (docs/results/capacity-netty-shared-acceptor).
     * Boot's server factory runs on the loops of this bean, which replaces Boot's (that one shares Reactor Netty's
     * global loops) and closes its loops when the application stops.
     */
    @Bean
    ReactorResourceFactory reactorResourceFactory() {
        ReactorResourceFactory resources = new ReactorResourceFactory();
        resources.setUseGlobalResources(false);
        resources.setLoopResourcesSupplier(() -> LoopResources.create(EVENT_LOOP_PREFIX, 1,
                LoopResources.DEFAULT_IO_WORKER_COUNT, true));
        return resources;
    }

    /**
     * The in-flight bound ({@link InFlightBound}: {@code server.netty.max-connections}, derived from the heap unless
     * set; -1 for none), past which the server stops accepting ({@link NettyAcceptLimit}, logged once per episode by
     * {@link ConnectionBoundLog}), and the kernel's queue of
     * connections not yet accepted, as deep as Tomcat's and Jetty's: connections beyond the bound wait there, where
     * they cost no heap.
     */
    @Bean
    NettyServerCustomizer nettyConnections(Environment environment) {
        // Bound as Boot binds its own keys: a value that is no number fails start-up with Boot's report naming it.
        int bound = Binder.get(environment).bind(InFlightBound.NETTY_MAX_CONNECTIONS, Integer.class).orElse(-1);
        if (bound < 1 && bound != -1) {
            throw new InvalidSettingException(InFlightBound.NETTY_MAX_CONNECTIONS, "Invalid value '" + bound
                    + "' for " + InFlightBound.NETTY_MAX_CONNECTIONS
                    + ": expected a whole number of 1 or more, or -1 for no bound.");
        }
        return server -> (bound == -1 ? server : server.doOnBound(listening -> listening.channel().pipeline()
                .addFirst(new NettyAcceptLimit(bound))))
                .option(ChannelOption.SO_BACKLOG, WebServerConfiguration.ACCEPT_QUEUE);
    }

    /** A query that is not percent-encoded UTF-8: the problem detail Tomcat and Jetty answer. */
    @Bean
    UndecodableQueryRoute undecodableQueryRoute(JsonMapper json) {
        return new UndecodableQueryRoute(json);
    }

    /**
     * With {@code vtlab.lab.port}, a second server on loopback with an event loop of its own, serving the same
     * application: with T off, blocking methods hold the main server's event loops by design, and the lab must
     * still show whether the server is alive.
     */
    @Bean
    NettyLabServer nettyLabServer(VtlabSettings settings, ObjectProvider<HttpHandler> application) {
        return new NettyLabServer(settings.labPort(), application);
    }
}
