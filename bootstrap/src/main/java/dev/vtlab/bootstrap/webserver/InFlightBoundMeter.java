package dev.vtlab.bootstrap.webserver;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * The in-flight bound as a meter on Jetty, beside the connections it counts ({@code jetty_connections_current}):
 * {@code jetty_connections_config_max}, named as Tomcat's own meter of the same bound
 * ({@code tomcat_connections_config_max_connections}, which Boot binds). Jetty's metrics have none: its connection
 * limit is a bean of the server, read here once the main server runs (not the management server's).
 */
final class InFlightBoundMeter implements ApplicationListener<WebServerInitializedEvent> {

    private final MeterRegistry meters;

    InFlightBoundMeter(MeterRegistry meters) {
        this.meters = meters;
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (event.getApplicationContext().getServerNamespace() == null
                && event.getWebServer() instanceof JettyWebServer jetty) {
            NetworkConnectionLimit limit = jetty.getServer().getBean(NetworkConnectionLimit.class);
            if (limit != null) {
                Gauge.builder("jetty.connections.config.max", limit,
                                NetworkConnectionLimit::getMaxNetworkConnectionCount)
                        .description("Connections Jetty holds at most (the in-flight bound)").register(meters);
            }
        }
    }
}
