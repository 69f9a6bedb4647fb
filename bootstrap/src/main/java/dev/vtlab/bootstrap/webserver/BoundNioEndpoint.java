package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.WebServerKind;
import org.apache.tomcat.util.net.NioEndpoint;

/**
 * Tomcat's NIO endpoint, telling {@link ConnectionBoundLog} when its bound ({@code max-connections}) holds. Tomcat's
 * acceptor takes a slot before it accepts, and waits for one when all are taken (Tomcat logs nothing then); a slot
 * is given back when a connection closes. The endpoint of {@link LeanHttp11NioProtocol}, the main connector's.
 */
final class BoundNioEndpoint extends NioEndpoint {

    private final ConnectionBoundLog boundLog = new ConnectionBoundLog(WebServerKind.TOMCAT);

    @Override
    protected void countUpOrAwaitConnection() throws InterruptedException {
        int max = getMaxConnections();
        if (max > 0 && getConnectionCount() >= max) {
            boundLog.held(max); // the acceptor is about to wait for a slot
        }
        super.countUpOrAwaitConnection();
        boundLog.accepted(); // it took one: the next connection accepted goes into it
    }

    @Override
    protected long countDownConnection() {
        long open = super.countDownConnection();
        if (open >= 0 && open < getMaxConnections()) {
            boundLog.released();
        }
        return open;
    }
}
