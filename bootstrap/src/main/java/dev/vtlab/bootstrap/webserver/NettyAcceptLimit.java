package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.WebServerKind;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Netty's in-flight bound, as Tomcat's {@code max-connections} and Jetty's connection limit work: once this many
 * connections are open, the server stops accepting (its channel stops reading), and the next connections wait in
 * the kernel's accept queue, where they cost no heap, until one closes. Reactor Netty's own {@code maxConnections}
 * is not that: past it, it accepts and closes each new connection at once, and a burst of 20,000 lost 551 requests
 * to resets that way (docs/web-servers.md). Sits first on the listening channel, where each accepted connection
 * passes by on its way to Reactor Netty's acceptor; a few more than the bound can get in with the accepts of one
 * read. Each episode at the bound is logged once ({@link ConnectionBoundLog}): when it is reached, and when it is
 * over, with how many connections waited.
 */
@ChannelHandler.Sharable
final class NettyAcceptLimit extends ChannelInboundHandlerAdapter {

    private final int max;
    private final AtomicInteger open = new AtomicInteger();
    private final ConnectionBoundLog boundLog = new ConnectionBoundLog(WebServerKind.NETTY);

    NettyAcceptLimit(int max) {
        this.max = max;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object accepted) {
        if (accepted instanceof Channel connection) {
            Channel listening = ctx.channel();
            boundLog.accepted();
            if (open.incrementAndGet() >= max) {
                listening.config().setAutoRead(false);
                boundLog.held(max);
            }
            connection.closeFuture().addListener(closed -> {
                open.decrementAndGet();
                // On the listening channel's own event loop, as the pause was: one thread decides both.
                listening.eventLoop().execute(() -> {
                    if (open.get() < max && !listening.config().isAutoRead()) {
                        listening.config().setAutoRead(true);
                        boundLog.released();
                    }
                });
            });
        }
        ctx.fireChannelRead(accepted);
    }
}
