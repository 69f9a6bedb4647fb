package dev.vtlab.adapters.out.sleepy;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sleepy adapter's stand-in for a driver's connection pool: each call borrows a connection and does its waiting
 * under the connection's guard.
 * <p>
 * The pool opens a new connection whenever none is idle, so it grows to as many connections as calls in flight and
 * no two calls ever hold the same one: the lock is never contended. Whatever the guard changes is then due to
 * pinning alone (a virtual thread holding a monitor while it sleeps keeps its carrier on JDK 21), not to calls
 * queuing for a lock. The connections are shared objects, not one fresh lock per call, so that the JIT cannot
 * prove the lock private and remove it.
 */
final class Connections {

    /** A connection: what a driver would synchronize on, or lock. */
    private static final class Connection {
        final ReentrantLock lock = new ReentrantLock();
    }

    private final ConcurrentLinkedQueue<Connection> idle = new ConcurrentLinkedQueue<>();
    private final WaitGuard guard;

    Connections(WaitGuard guard) {
        this.guard = guard;
    }

    /** Runs {@code io} on a borrowed connection, under its guard. */
    void use(Runnable io) {
        Connection connection = idle.poll();
        if (connection == null) {
            connection = new Connection();
        }
        try {
            switch (guard) {
                case NONE -> io.run();
                case SYNCHRONIZED -> {
                    synchronized (connection) {
                        io.run();
                    }
                }
                case REENTRANT_LOCK -> {
                    connection.lock.lock();
                    try {
                        io.run();
                    } finally {
                        connection.lock.unlock();
                    }
                }
            }
        } finally {
            idle.offer(connection);
        }
    }
}
