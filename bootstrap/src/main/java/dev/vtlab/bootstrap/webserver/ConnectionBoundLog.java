package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.WebServerKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The in-flight bound ({@link InFlightBound}) in the log, once per episode on every server: one line when the server
 * first holds as many connections as its bound and stops accepting, one line when the episode is over, saying how
 * long it lasted, how many connections waited in the kernel's accept queue for a slot and how many were refused.
 * Under an overload the bound is reached again each time a slot frees and the next connection takes it: Jetty's own
 * {@code NetworkConnectionLimit} logs "reached" and "cleared" at each of those (108,032 of one log's 108,065 lines),
 * so its logger is set to WARN (application.properties) and this says it once. An episode ends once the server has
 * accepted again and the bound has not been reached for {@link #QUIET}.
 * <p>
 * Each server tells it three things ({@link #held}, {@link #released}, {@link #accepted}; Jetty a fourth,
 * {@link #refused}): Tomcat's endpoint ({@link BoundNioEndpoint}), Jetty's limit ({@link BoundConnectionLimit}) and
 * Netty's ({@link NettyAcceptLimit}). A connection counts as having waited when it took a slot that freed during the
 * episode and filled the bound again: the kernel's queue cannot be seen from the server, so one that arrived just
 * as a slot freed counts too.
 */
final class ConnectionBoundLog {

    /** How long the bound must stay unreached, the server accepting again, before an episode ends. */
    static final Duration QUIET = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(ConnectionBoundLog.class);

    private final String server;
    private final String key;

    /** Whether an episode is on; read without the lock by {@link #accepted()}, written under it. */
    private volatile boolean episode;
    /** Whether the server holds its bound right now (it does not accept). */
    private volatile boolean holding;
    private int bound;
    private long startedNanos;
    private long lastHeldNanos;
    /** Connections that took a slot during the episode, and how many of them had filled the bound again. */
    private long accepted;
    private long waited;
    private long refused;
    private boolean endScheduled;

    ConnectionBoundLog(WebServerKind server) {
        this.server = InFlightBound.name(server);
        this.key = InFlightBound.key(server);
    }

    /** The server holds {@code bound} connections and stops accepting. */
    synchronized void held(int bound) {
        long now = System.nanoTime();
        holding = true;
        lastHeldNanos = now;
        if (!episode) {
            episode = true;
            this.bound = bound;
            startedNanos = now;
            accepted = 0;
            waited = 0;
            refused = 0;
            log.info("{} holds {} connections, its bound ({}): the next ones wait in the kernel's accept queue until "
                    + "one closes (one line more when this is over)", server, bound, key);
        } else {
            waited = accepted;
        }
    }

    /** The server has a free slot and accepts again. */
    void released() {
        if (!holding) {
            return;
        }
        synchronized (this) {
            holding = false;
            scheduleEnd(QUIET.toNanos());
        }
    }

    /** A connection took a slot. */
    void accepted() {
        if (episode) {
            synchronized (this) {
                accepted++;
            }
        }
    }

    /**
     * A connection was closed unserved because the bound was reached: it was counted by {@link #accepted()} and
     * took no slot after all.
     */
    void refused() {
        if (episode) {
            synchronized (this) {
                refused++;
                accepted--;
                waited = Math.min(waited, accepted);
            }
        }
    }

    private void scheduleEnd(long delayNanos) {
        if (!endScheduled) {
            endScheduled = true;
            // The JDK's own delay thread runs the check: one line at most, no executor of ours to stop.
            CompletableFuture.delayedExecutor(delayNanos, TimeUnit.NANOSECONDS, Runnable::run).execute(this::end);
        }
    }

    private synchronized void end() {
        endScheduled = false;
        if (!episode || holding) {
            return; // held again: released() schedules the next check
        }
        long now = System.nanoTime();
        long quietFor = now - lastHeldNanos;
        if (quietFor < QUIET.toNanos()) {
            scheduleEnd(QUIET.toNanos() - quietFor);
            return;
        }
        episode = false;
        log.info("{} is below its bound of {} connections again after {} s: {} connections waited for a slot, {} "
                        + "were refused", server, bound,
                String.format(Locale.ROOT, "%.1f", (lastHeldNanos - startedNanos) / 1e9), waited, refused);
    }
}
