package dev.vtlab.bootstrap.webserver;

import dev.vtlab.childprocess.ListeningPorts;
import org.apache.catalina.connector.Connector;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * For a server that a runner started: once it serves, the ports its connectors bound (the main one, then the lab's
 * if {@code vtlab.lab.port} added one) go where the runner reads them. The runner passes port 0 for both, so that
 * no other process can take a port between the runner's choice and the server's bind.
 */
final class PortsReport implements ApplicationListener<ApplicationReadyEvent> {

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        if (event.getApplicationContext() instanceof WebServerApplicationContext web
                && web.getWebServer() instanceof TomcatWebServer tomcat) {
            // The main connector comes first; the lab's is the one additional connector (WebServerConfiguration).
            Connector[] connectors = tomcat.getTomcat().getService().findConnectors();
            Map<String, Integer> ports = new LinkedHashMap<>();
            ports.put(ListeningPorts.HTTP, connectors[0].getLocalPort());
            if (connectors.length > 1) {
                ports.put(ListeningPorts.LAB, connectors[1].getLocalPort());
            }
            ListeningPorts.report(ports);
        }
    }
}
