package dev.vtlab.bootstrap.webserver;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * The lab's port on Netty ({@code vtlab.lab.port}), as Tomcat's additional connector and Jetty's second connector
 * are: on loopback, on an event loop of its own ({@value #LOOP_THREADS} threads named {@code lab-}), serving the
 * whole application, the lab's paths among them. Started with the main server, stopped with it. Without the setting
 * it does nothing.
 */
final class NettyLabServer implements SmartLifecycle {

    static final int LOOP_THREADS = 2;

    private final Integer port;
    private final ObjectProvider<HttpHandler> application;
    private LoopResources loop;
    private DisposableServer server;

    NettyLabServer(Integer port, ObjectProvider<HttpHandler> application) {
        this.port = port;
        this.application = application;
    }

    @Override
    public synchronized void start() {
        if (port == null || server != null) {
            return;
        }
        loop = LoopResources.create("lab", 1, LOOP_THREADS, true);
        server = HttpServer.create().host("127.0.0.1").port(port).runOn(loop)
                .handle(new ReactorHttpHandlerAdapter(application.getObject())).bindNow();
    }

    @Override
    public synchronized void stop() {
        if (server != null) {
            server.disposeNow();
            loop.disposeLater().block();
            server = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return server != null;
    }

    /** The port it bound, or {@code null} when it does not run. */
    synchronized Integer boundPort() {
        return server == null ? null : server.port();
    }
}
