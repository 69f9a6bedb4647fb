package dev.vtlab.adapters.config;

import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Configuration: Tomcat sized for a burst of 10,000 requests in a 512 MB heap (see docs/benchmarks.md).
 * With virtual threads every accepted connection is processed at once, and each holds Tomcat's buffers: about
 * 80 KB with the defaults, which is 800 MB for 10,000. Smaller socket buffers (our requests and responses are
 * a few hundred bytes) and the header limits in application.properties bring it near 50 KB; max-connections
 * caps how many are held at once, and the kernel's accept queue holds the rest.
 */
@Configuration(proxyBeanMethods = false)
public class TomcatBurstConfiguration {

    /** Bytes per connection for Tomcat's socket read and write buffers (Tomcat's default: 8192 each). */
    static final int SOCKET_BUFFER_BYTES = 2048;

    @Bean
    TomcatConnectorCustomizer smallSocketBuffers() {
        return connector -> {
            connector.setProperty("socket.appReadBufSize", String.valueOf(SOCKET_BUFFER_BYTES));
            connector.setProperty("socket.appWriteBufSize", String.valueOf(SOCKET_BUFFER_BYTES));
        };
    }
}
