package dev.vtlab.archfixture.adapters.in.web;

import org.apache.catalina.connector.Connector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** Fixture violation: a controller that reaches into the web server, Tomcat's connector and Jetty's pool. */
public class WebAdapterTuningTheWebServer {

    public int threads(Connector connector, QueuedThreadPool pool) {
        return connector.getPort() + pool.getMaxThreads();
    }
}
