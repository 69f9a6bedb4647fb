package dev.vtlab.adapters.lab;

import jdk.jfr.consumer.RecordingStream;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lab recorder: counts virtual threads started and pinned, streamed from JDK Flight Recorder inside the server.
 * JFR delivers events about once a second, so a reader waits that long after a run before trusting the counts.
 */
public final class VirtualThreadEvents implements AutoCloseable {

    private final LongAdder started = new LongAdder();
    private final LongAdder pinned = new LongAdder();
    private final RecordingStream stream = new RecordingStream();

    /** Starts streaming in the background. */
    public VirtualThreadEvents() {
        stream.enable("jdk.VirtualThreadStart");
        // Any pinning at all is worth seeing in a lab, not only the default 20 ms and longer.
        stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO);
        stream.onEvent("jdk.VirtualThreadStart", event -> started.increment());
        stream.onEvent("jdk.VirtualThreadPinned", event -> pinned.increment());
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

    /** Starts counting from zero. */
    public void reset() {
        started.reset();
        pinned.reset();
    }

    @Override
    public void close() {
        stream.close();
    }
}
