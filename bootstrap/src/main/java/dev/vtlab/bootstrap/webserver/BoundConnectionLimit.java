package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.WebServerKind;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.NetworkConnectionLimit;

import java.nio.channels.SelectableChannel;

/**
 * Jetty's connection limit ({@code server.jetty.max-connections}), as Boot sets it, telling
 * {@link ConnectionBoundLog} when it holds. Jetty stops accepting once its bound is reached ({@link #limit()}) and
 * accepts again when a connection closes ({@link #unlimit()}), logging both at INFO each time: under an overload
 * that is two lines a connection, so its own logger is set to WARN (application.properties). A connection accepted
 * past the bound in the same moment is closed unserved: refused.
 */
final class BoundConnectionLimit extends NetworkConnectionLimit {

    private final ConnectionBoundLog boundLog = new ConnectionBoundLog(WebServerKind.JETTY);

    BoundConnectionLimit(int maxConnections, Connector... connectors) {
        super(maxConnections, connectors);
    }

    @Override
    public void onAccepting(SelectableChannel channel) {
        boundLog.accepted(); // first: the limit it may reach counts it
        super.onAccepting(channel);
        if (!channel.isOpen()) {
            boundLog.refused();
        }
    }

    @Override
    protected void limit() {
        super.limit();
        boundLog.held(getMaxNetworkConnectionCount());
    }

    @Override
    protected void unlimit() {
        super.unlimit();
        boundLog.released();
    }
}
