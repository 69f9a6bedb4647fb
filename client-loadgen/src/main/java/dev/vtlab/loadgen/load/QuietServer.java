package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.LabClient;

import java.io.IOException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Before a measurement, the server must hold no request: a warm-up's or an earlier burst's requests that the
 * client gave up on are still served, or still queue for a pool, and a burst sent now would queue behind them and
 * measure that company. This waits until the lab counts none in flight, and says how long that took.
 */
public final class QuietServer {

    private static final Duration POLL = Duration.ofMillis(100);

    private QuietServer() {
    }

    /**
     * How long to wait for the server to drain: what it still holds ends within its own time-outs (Spring's async
     * 30 s, the pool's 30 s) or the client's {@code requestTimeout}, whichever is longer, plus the same again.
     */
    public static Duration deadlineFor(Duration requestTimeout) {
        Duration atLeast = Duration.ofSeconds(60);
        Duration twice = requestTimeout.multipliedBy(2);
        return twice.compareTo(atLeast) > 0 ? twice : atLeast;
    }

    /**
     * Waits until the server holds no request, at most {@code deadline}; returns how long it waited.
     *
     * @throws NotQuietException when requests are still held at the deadline
     * @throws IOException       when the lab cannot be read
     */
    public static Duration await(LabClient lab, Duration deadline)
            throws NotQuietException, IOException, InterruptedException {
        return await(lab, deadline, System::nanoTime);
    }

    /** As {@link #await(LabClient, Duration)}, on the given clock: a test's clock makes the deadline exact. */
    static Duration await(LabClient lab, Duration deadline, LongSupplier nanoTime)
            throws NotQuietException, IOException, InterruptedException {
        long start = nanoTime.getAsLong();
        long end = start + deadline.toNanos();
        while (true) {
            int inFlight = lab.load().inFlight();
            long now = nanoTime.getAsLong();
            if (inFlight == 0) {
                return Duration.ofNanos(now - start);
            }
            if (now >= end) {
                throw new NotQuietException("the server still held " + inFlight + " request(s) after "
                        + deadline.toSeconds() + " s of waiting for it to drain (requests sent before, which the "
                        + "client gave up on, are still served or queued): not measured, as a burst now would queue "
                        + "behind them");
            }
            Thread.sleep(POLL);
        }
    }

    /** The server did not drain by the deadline: nothing was measured. */
    public static final class NotQuietException extends Exception {
        NotQuietException(String message) {
            super(message);
        }
    }
}
