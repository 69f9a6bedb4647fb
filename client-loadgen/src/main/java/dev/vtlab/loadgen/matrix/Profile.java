package dev.vtlab.loadgen.matrix;

import java.time.Duration;

/**
 * Preset sizes of the experiment.
 *
 * @see #QUICK
 * @see #SEED
 */
public enum Profile {
    /**
     * 2000 requests, 250 ms per repository call; an 8 s request timeout (the slowest clean run, sync without T,
     * takes about 5.5 s here) keeps failing baselines short, so the whole matrix stays under 5 minutes on 2 cores.
     */
    QUICK(2000, Duration.ofMillis(250), Duration.ofSeconds(8), 100),
    /**
     * 2000 requests, 1 s per repository call, as in the article; 60 s timeout, long enough to see Spring's own
     * 30 s async timeout answer 503.
     */
    SEED(2000, Duration.ofSeconds(1), Duration.ofSeconds(60), 200);

    private final int requests;
    private final Duration delay;
    private final Duration timeout;
    private final int warmup;

    Profile(int requests, Duration delay, Duration timeout, int warmup) {
        this.requests = requests;
        this.delay = delay;
        this.timeout = timeout;
        this.warmup = warmup;
    }

    public int requests() {
        return requests;
    }

    public Duration delay() {
        return delay;
    }

    public Duration timeout() {
        return timeout;
    }

    public int warmup() {
        return warmup;
    }
}
