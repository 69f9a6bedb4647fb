package dev.vtlab.lab;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lab recorder: counts virtual threads started and pinned, and where each pin happened ({@link PinnedSite}),
 * streamed from JDK Flight Recorder inside the server.
 * JFR delivers events about once a second, so a reader waits that long after a run before trusting the counts.
 * <p>
 * Why the chunks are rotated: the stream's parser keeps every constant of the JFR chunk it reads and of the one
 * before, and each virtual thread started is a constant (a {@code RecordedThread}, about 200 bytes with its name).
 * JFR starts a new chunk only every 12 MB of data, so after bursts of 10,000 + 10,000 + 20,000 requests to
 * {@code /async} 160,699 of them were still on the heap after a full collection: 30 MB of a 512 MB server, held
 * by the lab, not by the service (docs/benchmarks.md). Starting and stopping an empty recording makes JFR
 * begin a new chunk, twice, so the parser lets the old constants go.
 */
public final class VirtualThreadEvents implements AutoCloseable {

    /** The shortest time between two new chunks (each costs JFR a file and its metadata). */
    private static final long ROTATION_INTERVAL_NANOS = Duration.ofSeconds(2).toNanos();
    /** How long closing waits for the stream before the server stops without it. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(VirtualThreadEvents.class);
    /** How long the stream keeps chunks on disk: it only ever reads the newest. */
    private static final Duration KEPT_ON_DISK = Duration.ofMinutes(2);

    private final LongAdder started = new LongAdder();
    private final LongAdder pinned = new LongAdder();
    private final Map<String, LongAdder> pinnedSites = new ConcurrentHashMap<>();
    private final LongAdder sinceRotation = new LongAdder();
    private final LongAdder rotations = new LongAdder();
    private final RecordingStream stream = new RecordingStream();
    private long lastRotationNanos = System.nanoTime(); // touched by the stream's own thread only
    private volatile boolean closing;
    private final Executor closer;
    private final Duration closeWait;
    /**
     * Run by the JVM as its shutdown begins, which is before Spring closes this bean and while JFR stops too: no
     * rotation begins from then on. Seen on JDK 21.0.8 (docs/find-a-pin.sh's server, stopped 2 s after a burst): a
     * rotation began as JFR's recorder stopped, hung in {@code Recording.start} holding JFR's lock, and Micrometer's
     * virtual-thread meters, closing their own stream on Spring's shutdown thread, waited for that lock forever.
     */
    private final Thread stopRotatingAtExit = new Thread(this::jvmStops, "vtlab-jfr-no-rotation-at-exit");

    /**
     * Starts streaming in the background.
     *
     * @param closer where the stream is closed, so that closing can stop waiting for it (the configuration chooses
     *               every thread: a daemon thread of its own)
     */
    public VirtualThreadEvents(Executor closer) {
        this(closer, CLOSE_WAIT);
    }

    /** As above, closing waiting at most {@code closeWait} for the stream (a test waits less than a server). */
    VirtualThreadEvents(Executor closer, Duration closeWait) {
        this.closer = closer;
        this.closeWait = closeWait;
        stream.setMaxAge(KEPT_ON_DISK);
        stream.enable("jdk.VirtualThreadStart");
        // Any pinning at all is worth seeing in a lab, not only the default 20 ms and longer.
        stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
        stream.onEvent("jdk.VirtualThreadStart", event -> {
            started.increment();
            sinceRotation.increment();
        });
        stream.onEvent("jdk.VirtualThreadPinned", event -> {
            pinned.increment();
            pinnedSites.computeIfAbsent(PinnedSite.of(event), site -> new LongAdder()).increment();
        });
        // After each flush (about once a second), on the stream's thread: no thread of the lab's own.
        stream.onFlush(this::rotateIfEventsArrived);
        Runtime.getRuntime().addShutdownHook(stopRotatingAtExit);
        stream.startAsync();
    }

    /** Virtual threads started since the last reset (as far as JFR has delivered). */
    public long started() {
        return started.sum();
    }

    /** Pinned-thread events since the last reset. */
    public long pinned() {
        return pinned.sum();
    }

    /** Pinned-thread events since the last reset, by where they happened, e.g. {@code driver: org.h2...}. */
    public Map<String, Long> pinnedSites() {
        Map<String, Long> sites = new TreeMap<>();
        pinnedSites.forEach((site, count) -> sites.put(site, count.sum()));
        return sites;
    }

    /** Starts counting from zero. */
    public void reset() {
        started.reset();
        pinned.reset();
        pinnedSites.clear();
    }

    /** The JVM is stopping: the counts go on, no new chunk is begun. */
    void jvmStops() {
        closing = true;
    }

    /** New chunks begun so far (for tests). */
    long rotations() {
        return rotations.sum();
    }

    private void rotateIfEventsArrived() {
        long now = System.nanoTime();
        if (closing || now - lastRotationNanos < ROTATION_INTERVAL_NANOS || sinceRotation.sum() == 0) {
            return; // an idle server keeps its chunk: nothing new is held
        }
        lastRotationNanos = now;
        sinceRotation.reset();
        try (Recording marker = new Recording()) {
            marker.setName("vtlab-chunk-rotation");
            marker.start();
            marker.stop();
            rotations.increment();
        } catch (IllegalStateException shuttingDown) {
            // JFR is stopping with the JVM: there is nothing left to release.
        }
    }

    /**
     * Stops the stream, waiting for it at most its close wait ({@link #CLOSE_WAIT} in a server). Seen once on JDK
     * 25.0.3, after 2 minutes at 120% of capacity: a rotation began a recording as the JVM shut down, JFR's recorder
     * thread was already gone, and the rotation waited for it forever holding JFR's lock, so that closing the stream,
     * and with it the server's shutdown, hung (docs/decisions.md). A lab must never keep a server from stopping: no rotation starts
     * once closing begins, and a stream that does not close in time is left to the JVM's exit.
     */
    @Override
    public void close() {
        closing = true;
        try {
            Runtime.getRuntime().removeShutdownHook(stopRotatingAtExit); // a server closed before its JVM exits
        } catch (IllegalStateException shutdownBegun) {
            // the hook has run, or runs now: closing is set either way
        }
        CountDownLatch closed = new CountDownLatch(1);
        closer.execute(() -> {
            stream.close();
            closed.countDown();
        });
        try {
            if (!closed.await(closeWait.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("JFR's event stream did not close within {} ms; the server stops without waiting for it",
                        closeWait.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
