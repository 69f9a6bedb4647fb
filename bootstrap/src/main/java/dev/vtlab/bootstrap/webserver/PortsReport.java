package dev.vtlab.bootstrap.webserver;

import dev.vtlab.childprocess.ListeningPorts;
import org.eclipse.jetty.server.ServerConnector;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For a server that a runner started: once it serves, the ports its connectors bound (the main one, then the lab's
 * if {@code vtlab.lab.port} added one: a second connector on Tomcat and Jetty, a second server on Netty) and the
 * management server's go where the runner reads them. The runner passes port 0 for each, so that no other process
 * can take a port between the runner's choice and the server's bind.
 */
final class PortsReport implements ApplicationListener<ApplicationReadyEvent> {

    /** Where Boot puts the port its management server bound. */
    static final String MANAGEMENT_PORT = "local.management.port";

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        if (event.getApplicationContext() instanceof WebServerApplicationContext web) {
            List<Integer> bound = boundPorts(web.getWebServer());
            // The main connector comes first; the lab's is the one additional connector (WebServerConfiguration).
            Map<String, Integer> ports = new LinkedHashMap<>();
            ports.put(ListeningPorts.HTTP, bound.getFirst());
            if (bound.size() > 1) {
                ports.put(ListeningPorts.LAB, bound.get(1));
            }
            event.getApplicationContext().getBeanProvider(NettyLabServer.class).ifAvailable(lab -> {
                if (lab.boundPort() != null) {
                    ports.put(ListeningPorts.LAB, lab.boundPort());
                }
            });
            Integer management = event.getApplicationContext().getEnvironment()
                    .getProperty(MANAGEMENT_PORT, Integer.class);
            if (management != null) {
                ports.put(ListeningPorts.MANAGEMENT, management);
            }
            ListeningPorts.report(ports);
        }
    }

    /** Each connector's port, in the order the server added them. */
    private static List<Integer> boundPorts(WebServer server) {
        return switch (server) {
            case TomcatWebServer tomcat -> Arrays.stream(tomcat.getTomcat().getService().findConnectors())
                    .map(connector -> connector.getLocalPort()).toList();
            case JettyWebServer jetty -> Arrays.stream(jetty.getServer().getConnectors())
                    .map(connector -> ((ServerConnector) connector).getLocalPort()).toList();
            default -> List.of(server.getPort());
        };
    }
}
