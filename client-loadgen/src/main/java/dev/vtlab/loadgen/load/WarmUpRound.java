package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.ServerEnvironment;

import java.time.Duration;

/**
 * How many warm-up requests one round may send at once. A round larger than the server serves within a request's
 * time-out warms nothing: at a pool-bound server most of it waits out the time-out, fails, and leaves the server
 * still working off what the client gave up on. So a round is at most what the server's tightest resource for
 * {@code /sync} (the JDBC pool, Tomcat's platform threads, its connection bound) serves in half that time, by
 * Little's law: resource size x time / time a request holds it.
 *
 * @param size the requests a round sends
 * @param note why that is fewer than asked, or {@code null} when it is not
 */
record WarmUpRound(int size, String note) {

    /** The round for {@code asked} requests at this server, each allowed {@code requestTimeout}. */
    static WarmUpRound of(int asked, ServerEnvironment server, Duration requestTimeout) {
        long budgetMs = requestTimeout.toMillis();
        ServerEnvironment.WebServerLimits webServer = server.webServer();
        String name = webServer.serverName() + "'s ";
        int holders = webServer.maxConnections();
        String resource = name + holders + " connections";
        Integer threads = webServer.requestThreads();
        if (threads != null && threads < holders) {
            holders = threads;
            resource = name + holders + (webServer.eventLoop() ? " event-loop threads" : " request threads");
        }
        if (server.pool() != null) {
            budgetMs = Math.min(budgetMs, server.pool().timeoutMs());
            if (server.pool().size() < holders) {
                holders = server.pool().size();
                resource = "a pool of " + holders + " connections";
            }
        }
        long servable = holders * budgetMs / (2 * Math.max(1, server.floorMs()));
        if (asked <= servable) {
            return new WarmUpRound(asked, null);
        }
        int size = (int) Math.max(1, servable);
        return new WarmUpRound(size, size + " at a time, not " + asked + ": what " + resource + " serve in half "
                + "of the " + budgetMs + " ms a request may wait, at " + server.floorMs() + " ms a request");
    }
}
