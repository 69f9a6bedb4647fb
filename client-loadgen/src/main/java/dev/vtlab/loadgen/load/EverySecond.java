package dev.vtlab.loadgen.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads something at each whole second from a start, on a virtual thread of its own, until stopped: a rate run's
 * lab and a service's meters each get one, so that a slow reader delays no other.
 *
 * @param <T> what one read gives, including a read that did not answer
 */
final class EverySecond<T> {

    /** One read, {@code second} seconds from the start. */
    interface Read<T> {
        T at(int second) throws InterruptedException;
    }

    private static final Duration EVERY = Duration.ofSeconds(1);

    private final List<T> reads = new ArrayList<>();
    private final Thread thread;

    private EverySecond(String name, long startNanos, Read<T> read) {
        this.thread = Thread.ofVirtual().name(name).start(() -> run(startNanos, read));
    }

    /** Reads with {@code read} at each whole second from {@code startNanos} ({@link System#nanoTime()}). */
    static <T> EverySecond<T> start(String name, long startNanos, Read<T> read) {
        return new EverySecond<>(name, startNanos, read);
    }

    /** Stops reading (a read under way ends first, within its reader's timeout) and returns every read. */
    List<T> stop() throws InterruptedException {
        thread.interrupt();
        thread.join(Duration.ofSeconds(15));
        synchronized (reads) {
            return List.copyOf(reads);
        }
    }

    private void run(long startNanos, Read<T> read) {
        for (int second = 1; ; second++) {
            if (!RateRun.awaitNanoTime(startNanos + EVERY.toNanos() * second)) {
                return;
            }
            T value;
            try {
                value = read.at(second);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (reads) {
                reads.add(value);
            }
        }
    }
}
