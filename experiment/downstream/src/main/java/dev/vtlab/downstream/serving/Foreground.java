package dev.vtlab.downstream.serving;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;

/**
 * How every downstream command runs once started: it says where it listens, then serves until Ctrl-C (exit 130)
 * or SIGTERM (exit 143), closing what it started on the way out.
 */
public final class Foreground {

    private Foreground() {
    }

    /** Prints {@code started}, then blocks until the JVM is asked to stop; {@code service} is closed then. */
    public static void serveUntilStopped(AutoCloseable service, String started, PrintWriter out)
            throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                service.close();
            } catch (Exception e) {
                System.err.println("downstream: closing failed: " + e);
            }
            stopped.countDown();
        }, "downstream-shutdown"));
        out.println(started + "; Ctrl-C stops it");
        out.flush();
        stopped.await();
    }
}
