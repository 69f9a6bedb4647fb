package dev.vtlab.lab;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.ProtocolHandler;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import dev.vtlab.settings.VtlabSettings;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.reactor.netty.NettyWebServer;
import org.springframework.core.env.Environment;
import org.springframework.http.client.ReactorResourceFactory;
import io.netty.util.concurrent.EventExecutor;
import org.springframework.util.unit.DataSize;
import reactor.netty.resources.LoopResources;

import java.time.Duration;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;

/**
 * Lab data source: the running web server's main connector, Tomcat's, Jetty's or Netty's, read with the same
 * meaning on all three: which server, the pool its requests run on, how many connections it holds at once (its in-flight bound),
 * and how many it holds now. The lab reads the server; it configures nothing.
 */
final class WebServerView {

    private static final LabEnvironment.WebServerLimits NONE =
            new LabEnvironment.WebServerLimits("none", "none", -1, -1, -1, -1, -1, -1, "none");

    private WebServerView() {
    }

    /** The main connector's limits as it runs. */
    static LabEnvironment.WebServerLimits limits(ApplicationContext context, VtlabSettings settings) {
        return switch (webServer(context)) {
            case TomcatWebServer tomcat -> tomcatLimits(tomcat.getTomcat().getConnector());
            case JettyWebServer jetty -> jettyLimits(jetty.getServer());
            case NettyWebServer netty -> nettyLimits(context, settings);
            case null, default -> NONE;
        };
    }

    private static WebServer webServer(ApplicationContext context) {
        return context instanceof WebServerApplicationContext web ? web.getWebServer() : null;
    }

    private static LabEnvironment.WebServerLimits tomcatLimits(Connector connector) {
        if (!(connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> protocol)) {
            return NONE;
        }
        return new LabEnvironment.WebServerLimits("tomcat", executorName(protocol), protocol.getMaxThreads(),
                protocol.getMaxConnections(), protocol.getAcceptCount(), protocol.getKeepAliveTimeout(),
                protocol.getMaxKeepAliveRequests(), protocol.getMaxHttpRequestHeaderSize(),
                bufferSize(connector, "socket.appReadBufSize") + "/" + bufferSize(connector, "socket.appWriteBufSize"));
    }

    /**
     * Jetty: its pool ({@code QueuedThreadPool}'s platform threads, or a {@code VirtualThreadPool}'s cap on tasks
     * at once), its bound ({@code NetworkConnectionLimit}, -1 for none) and its accept queue; requests per
     * connection 1 when persistent connections are off, else -1 (Jetty has no other limit).
     */
    private static LabEnvironment.WebServerLimits jettyLimits(Server server) {
        ServerConnector connector = mainConnector(server);
        NetworkConnectionLimit limit = server.getBean(NetworkConnectionLimit.class);
        HttpConnectionFactory http = connector.getConnectionFactory(HttpConnectionFactory.class);
        HttpConfiguration configuration = http == null ? null : http.getHttpConfiguration();
        ThreadPool pool = server.getThreadPool();
        return new LabEnvironment.WebServerLimits("jetty", pool.getClass().getSimpleName(), maxThreads(pool),
                limit == null ? -1 : limit.getMaxNetworkConnectionCount(), connector.getAcceptQueueSize(),
                (int) connector.getIdleTimeout(),
                configuration == null || configuration.isPersistentConnectionsEnabled() ? -1 : 1,
                configuration == null ? -1 : configuration.getRequestHeaderSize(),
                configuration == null ? "default" : configuration.getOutputBufferSize() + " (output)");
    }

    /**
     * Netty: where blocking controller methods run (the composition root's virtual threads with T, Boot's
     * {@code applicationTaskExecutor} with its switch alone, else the event loop: WebFlux does not tell its
     * executor), the event loop's size as the server runs it, and the limits as Boot and vtlab bind them (Reactor
     * Netty's server keeps its configuration to itself once it runs); its accept queue is not told (-1).
     */
    private static LabEnvironment.WebServerLimits nettyLimits(ApplicationContext context, VtlabSettings settings) {
        Environment environment = context.getEnvironment();
        String executor = settings.requested().tomcat() ? "virtual threads (vt-webflux-)"
                : settings.springVirtualThreads() ? "applicationTaskExecutor (virtual)" : "event loop";
        return new LabEnvironment.WebServerLimits("netty", executor, eventLoopThreads(context),
                environment.getProperty("server.netty.max-connections", Integer.class, -1), -1,
                (int) environment.getProperty("server.netty.idle-timeout", Duration.class, Duration.ofMillis(-1))
                        .toMillis(),
                environment.getProperty("server.netty.max-keep-alive-requests", Integer.class, -1),
                (int) environment.getProperty("server.max-http-request-header-size", DataSize.class,
                        DataSize.ofKilobytes(8)).toBytes(), "default");
    }

    /** The threads of the event loops Boot's Netty server runs on, its {@link ReactorResourceFactory}'s; -1 if none. */
    private static int eventLoopThreads(ApplicationContext context) {
        ReactorResourceFactory resources = context.getBeanProvider(ReactorResourceFactory.class).getIfAvailable();
        if (resources == null) {
            return -1;
        }
        int threads = 0;
        for (EventExecutor ignored : resources.getLoopResources().onServer(LoopResources.DEFAULT_NATIVE)) {
            threads++;
        }
        return threads;
    }

    private static int maxThreads(ThreadPool pool) {
        return switch (pool) {
            case QueuedThreadPool queued -> queued.getMaxThreads();
            case VirtualThreadPool virtual -> virtual.getMaxThreads();
            default -> -1;
        };
    }

    /** The connector requests come in by: the first (the lab's, if any, is added after it). */
    private static ServerConnector mainConnector(Server server) {
        return (ServerConnector) server.getConnectors()[0];
    }

    private static String bufferSize(Connector connector, String property) {
        Object value = connector.getProperty(property);
        return value == null ? "default" : value.toString();
    }

    private static String executorName(ProtocolHandler protocol) {
        return protocol.getExecutor() == null ? "none" : protocol.getExecutor().getClass().getSimpleName();
    }
}
