package dev.vtlab.bootstrap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A log of downstream failures with one line per kind, not one per request: under a burst a failing database or
 * store fails thousands of requests the same way, and a line each would bury everything else. The first failure
 * of a kind is logged at once (with its cause, no stack trace); later ones of that kind are counted and reported
 * in one line at most every {@code interval}.
 */
final class FailureLog {

    private final Logger log;
    private final long intervalNanos;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

    private static final class Kind {
        final AtomicLong suppressed = new AtomicLong();
        final AtomicLong lastLogged = new AtomicLong();
    }

    FailureLog(Class<?> owner, Duration interval) {
        this.log = LoggerFactory.getLogger(owner);
        this.intervalNanos = interval.toNanos();
    }

    /** Records one failure of {@code kind}; logs it unless a line for this kind was written within the interval. */
    void failed(String kind, Exception e) {
        long now = System.nanoTime();
        Kind seen = kinds.computeIfAbsent(kind, k -> new Kind());
        long last = seen.lastLogged.get();
        boolean recent = last != 0 && now - last < intervalNanos;
        if (recent || !seen.lastLogged.compareAndSet(last, now)) {
            seen.suppressed.incrementAndGet();
            return;
        }
        long more = seen.suppressed.getAndSet(0);
        log.warn("{}: {} ({}){}", kind, e.getMessage(), e.getCause() == null ? "no cause" : e.getCause().toString(),
                more == 0 ? "" : " [and " + more + " more of this kind since the last line]");
    }
}
