package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.VtlabSettings;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.connector.Connector;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Wiring of Tomcat, all of it but its executor (flag T, in the composition root) and the limits Boot binds from
 * application.properties: the per-connection buffers cut for bursts (docs/benchmarks.md, "What a held request
 * costs"), the lab's connector, the filter that completes a response before a graceful shutdown can cut it, and the
 * report of the ports it bound.
 * With virtual threads every accepted connection is processed at once, and each holds Tomcat's buffers until its
 * response is written. Our requests and responses are a few hundred bytes: smaller socket buffers, a smaller
 * response buffer ({@link LeanHttp11NioProtocol}) and the header limits in application.properties cut what each one
 * holds; {@link InFlightBound} caps how many are held at once, and the kernel's accept queue holds the rest.
 */
@Configuration(proxyBeanMethods = false)
public class WebServerConfiguration {

    /** Bytes per connection for Tomcat's socket read and write buffers (Tomcat's default: 8192 each). */
    static final int SOCKET_BUFFER_BYTES = 1024;

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
     * With {@code vtlab.lab.port}, a second connector on loopback with Tomcat's own small platform pool: during a
     * burst the main connector is full by design (its bound, then the kernel's queue), and the lab must still
     * show whether the server is alive. It serves every path, the lab's among them when the lab is there.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> labConnector(VtlabSettings settings) {
        return factory -> {
            if (settings.labPort() != null) {
                Connector connector = new Connector();
                connector.setPort(settings.labPort());
                connector.setProperty("address", "127.0.0.1");
                factory.addAdditionalConnectors(connector);
            }
        };
    }

    /** For a runner that started this server: the ports it bound, once it serves. */
    @Bean
    PortsReport portsReport() {
        return new PortsReport();
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
}
