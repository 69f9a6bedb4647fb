package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.VtlabSettings;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.connector.Connector;
import io.micrometer.core.instrument.MeterRegistry;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextFactory;
import org.springframework.boot.jetty.autoconfigure.servlet.JettyServletWebServerAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.TomcatWebServerConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.jetty.JettyServerCustomizer;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.TomcatContextCustomizer;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.web.server.reactive.ReactiveWebServerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The web server, chosen here ({@code vtlab.web-server}: Tomcat or Jetty under Spring MVC, or Netty under Spring
 * WebFlux, all through Spring Boot's own support; {@link WebStackChoice} makes the application reactive for Netty,
 * and {@link NettyServerConfiguration} holds Netty's wiring), and all of Tomcat's and Jetty's wiring but their
 * request threads (flag T, in the composition root) and the limits Boot binds from application.properties: the
 * per-connection buffers cut for bursts (docs/benchmarks.md, "What a held request costs"), the lab's connector, the
 * filter that completes a response before a graceful shutdown can cut it, and the report of the ports it bound.
 * Nothing outside bootstrap (and the lab, which reads it) knows which server runs.
 * With virtual threads every accepted connection is processed at once, and each holds the server's buffers until
 * its response is written. Our requests and responses are a few hundred bytes: on Tomcat, smaller socket buffers,
 * a smaller response buffer ({@link LeanHttp11NioProtocol}) and the header limits in application.properties cut
 * what each one holds; {@link InFlightBound} caps how many are held at once, and the kernel's accept queue holds
 * the rest.
 */
@Configuration(proxyBeanMethods = false)
@Import(NettyServerConfiguration.class)
public class WebServerConfiguration {

    /** Bytes per connection for Tomcat's socket read and write buffers (Tomcat's default: 8192 each). */
    static final int SOCKET_BUFFER_BYTES = 1024;
    /** The kernel's queue of connections not yet accepted, as Tomcat's {@code accept-count} (capped by somaxconn). */
    static final int ACCEPT_QUEUE = 4096;
    /** Bytes of Jetty's response buffer, as Tomcat's (its default: 32768). */
    static final int JETTY_OUTPUT_BUFFER_BYTES = LeanHttp11NioProtocol.RESPONSE_BUFFER_BYTES;
    /** Platform threads of the lab's own connector, on Tomcat and on Jetty. */
    static final int LAB_THREADS = 16;
    /** The prefix of their names. */
    static final String LAB_THREAD_NAME = "lab-";

    // ---- the choice, and the management server on the same server ----

    /**
     * The management server (Actuator's meters on {@code management.server.port}) on the same web server as the
     * main one, as Boot would make it for that server alone; its threads are set in {@link ManagementServer}.
     * Static, as Boot's own: Actuator asks for it before any bean of this class exists, so it reads the choice
     * from the environment (a bad value is refused there, naming {@code vtlab.web-server}).
     */
    @Bean
    static ManagementContextFactory managementServerFactory(ConfigurableEnvironment environment) {
        return switch (VtlabSettings.read(environment).webServer()) {
            case TOMCAT -> new ManagementContextFactory(WebApplicationType.SERVLET, ServletWebServerFactory.class,
                    TomcatWebServerConfiguration.class, TomcatServletWebServerAutoConfiguration.class);
            case JETTY -> new ManagementContextFactory(WebApplicationType.SERVLET, ServletWebServerFactory.class,
                    JettyServletWebServerAutoConfiguration.class);
            case NETTY -> new ManagementContextFactory(WebApplicationType.REACTIVE, ReactiveWebServerFactory.class,
                    NettyReactiveWebServerAutoConfiguration.class);
        };
    }

    // ---- every server ----

    /** Jetty's in-flight bound as a meter (Tomcat's has one from Boot). */
    @Bean
    InFlightBoundMeter inFlightBoundMeter(MeterRegistry meters) {
        return new InFlightBoundMeter(meters);
    }

    /** For a runner that started this server: the ports it bound, once it serves. */
    @Bean
    PortsReport portsReport() {
        return new PortsReport();
    }

    /**
     * Tomcat's and Jetty's wiring: beans of a servlet application only (Spring MVC), so that none is made when Netty
     * serves WebFlux.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class OnSpringMvc {

        // ---- the choice ----

        /**
         * The server {@code vtlab.web-server} names, built as Spring Boot builds it when it is the only one on the
         * class path, with the customizers Boot would give it (each server's auto-configuration steps back when a
         * factory exists). Switching is this setting alone: domain, application and adapters do not change.
         */
        @Bean
        ServletWebServerFactory webServerFactory(VtlabSettings settings,
                                                 ObjectProvider<TomcatConnectorCustomizer> connectorCustomizers,
                                                 ObjectProvider<TomcatContextCustomizer> contextCustomizers,
                                                 ObjectProvider<TomcatProtocolHandlerCustomizer<?>> protocolCustomizers,
                                                 ObjectProvider<JettyServerCustomizer> jettyCustomizers) {
            return switch (settings.webServer()) {
                case TOMCAT -> {
                    TomcatServletWebServerFactory tomcat = new TomcatServletWebServerFactory();
                    tomcat.getConnectorCustomizers().addAll(connectorCustomizers.orderedStream().toList());
                    tomcat.getContextCustomizers().addAll(contextCustomizers.orderedStream().toList());
                    tomcat.getProtocolHandlerCustomizers().addAll(protocolCustomizers.orderedStream().toList());
                    yield tomcat;
                }
                case JETTY -> {
                    JettyServletWebServerFactory jetty = new JettyServletWebServerFactory();
                    jetty.getServerCustomizers().addAll(jettyCustomizers.orderedStream().toList());
                    yield jetty;
                }
                case NETTY -> throw new IllegalStateException("Netty serves Spring WebFlux, not Spring MVC: "
                        + WebStackChoice.class.getSimpleName() + " should have made this application reactive");
            };
        }

        // ---- Tomcat ----

        @Bean
        WebServerFactoryCustomizer<TomcatServletWebServerFactory> leanResponseBuffer() {
            return factory -> factory.setProtocol(LeanHttp11NioProtocol.class.getName());
        }

        @Bean
        TomcatConnectorCustomizer smallSocketBuffers() {
            return connector -> {
                connector.setProperty("socket.appReadBufSize", String.valueOf(SOCKET_BUFFER_BYTES));
                connector.setProperty("socket.appWriteBufSize", String.valueOf(SOCKET_BUFFER_BYTES));
                // No cache of closed connections' channels. Above a 2 GB heap Tomcat keeps up to heap/32 bytes of them,
                // counted by their socket buffers alone (32,768 channels at 2 GB with 1 KB buffers), and what it kept
                // held whole processors: 6,451 requests' buffers, about 290 MB, live at rest after a 10,000 burst
                // (docs/benchmarks.md). A new connection's two 1 KB buffers cost less than that.
                connector.setProperty("socket.bufferPool", "0");
            };
        }

        /**
         * With {@code vtlab.lab.port}, a second connector on loopback with a small platform pool of its own: during a
         * burst the main connector is full by design (its bound, then the kernel's queue), and the lab must still
         * show whether the server is alive. It serves every path, the lab's among them when the lab is there.
         * The pool is given to the connector, not left to Tomcat, so that Tomcat's thread meters count the main
         * connector's request threads alone (a pool Tomcat did not make reads -1): with Tomcat's own pool of 200, a lab
         * read in the same second as a meter read showed the lab's connector as a second request-thread ceiling.
         */
        @Bean
        WebServerFactoryCustomizer<TomcatServletWebServerFactory> labConnector(VtlabSettings settings) {
            return factory -> {
                if (settings.labPort() != null) {
                    Connector connector = new Connector();
                    connector.setPort(settings.labPort());
                    connector.setProperty("address", "127.0.0.1");
                    ThreadPoolExecutor labThreads = new ThreadPoolExecutor(LAB_THREADS, LAB_THREADS, 60,
                            TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                            Thread.ofPlatform().name(LAB_THREAD_NAME, 1).daemon(true).factory());
                    labThreads.allowCoreThreadTimeOut(true);
                    connector.getProtocolHandler().setExecutor(labThreads);
                    // Tomcat stops only the pools it made: this one ends with its connector.
                    connector.addLifecycleListener(event -> {
                        if (Lifecycle.AFTER_STOP_EVENT.equals(event.getType())) {
                            labThreads.shutdown();
                        }
                    });
                    factory.addAdditionalConnectors(connector);
                }
            };
        }

        // ---- Jetty ----

        /**
         * Jetty's main connector as Tomcat's is set (application.properties, {@link LeanHttp11NioProtocol}): the
         * kernel's accept queue as deep, so that connections beyond the in-flight bound wait there; a 1 KB response
         * buffer; one request per connection; and with {@code vtlab.lab.port}, a second connector on loopback
         * with a small platform pool of its own (the main connector's pool may be full by design, see
         * {@link #labConnector}). Jetty's in-flight bound covers the main connector alone (Boot applies it first).
         */
        @Bean
        JettyServerCustomizer jettyConnectors(VtlabSettings settings) {
            return server -> {
                ServerConnector main = (ServerConnector) server.getConnectors()[0];
                main.setAcceptQueueSize(ACCEPT_QUEUE);
                // Jetty gives each response a 32 KB output buffer as it writes; ours are a few hundred bytes, and
                // Tomcat's is cut to 1 KB too (LeanHttp11NioProtocol).
                HttpConfiguration http = main.getConnectionFactory(HttpConnectionFactory.class).getHttpConfiguration();
                http.setOutputBufferSize(JETTY_OUTPUT_BUFFER_BYTES);
                http.setOutputAggregationSize(JETTY_OUTPUT_BUFFER_BYTES);
                // As Tomcat's max-keep-alive-requests=1: close a connection once its response is written, so that its
                // slot under the bound goes at once to a connection waiting in the kernel's queue. Kept alive, each
                // slot stayed taken for Jetty's idle timeout (30 s) and 10,000 at once waited 34 s at the median.
                http.setPersistentConnectionsEnabled(false);
                if (settings.labPort() != null) {
                    QueuedThreadPool labThreads = new QueuedThreadPool(LAB_THREADS, 2);
                    labThreads.setName(LAB_THREAD_NAME);
                    ServerConnector lab = new ServerConnector(server, labThreads, null, null, -1, -1,
                            new HttpConnectionFactory());
                    lab.setHost("127.0.0.1");
                    lab.setPort(settings.labPort());
                    server.addConnector(lab);
                }
            };
        }

        /**
         * Jetty's in-flight bound, as Boot set it on the main connector, replaced by the same limit that logs it
         * once per episode ({@link BoundConnectionLimit}, {@link ConnectionBoundLog}) instead of twice a connection.
         */
        @Bean
        JettyServerCustomizer jettyBoundLog() {
            return server -> {
                NetworkConnectionLimit boots = server.getBean(NetworkConnectionLimit.class);
                if (boots != null && !(boots instanceof BoundConnectionLimit)) {
                    server.removeBean(boots);
                    server.addBean(new BoundConnectionLimit(boots.getMaxNetworkConnectionCount(),
                            server.getConnectors()[0]));
                }
            };
        }

        // ---- Tomcat and Jetty ----

        /** First in the chain, for requests and async dispatches: see the class for why. */
        @Bean
        FilterRegistrationBean<ResponseCompletingFilter> responseCompletingFilter() {
            FilterRegistrationBean<ResponseCompletingFilter> registration =
                    new FilterRegistrationBean<>(new ResponseCompletingFilter());
            registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
            registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
            return registration;
        }
    }
}
