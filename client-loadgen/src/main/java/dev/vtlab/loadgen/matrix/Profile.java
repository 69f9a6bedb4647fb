package dev.vtlab.loadgen.matrix;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Preset sizes of the experiment.
 *
 * @see #QUICK
 * @see #SEED
 */
public enum Profile {
    /**
     * The seed profile scaled down by 4 in every quantity that sets how long a request waits, so that the waiting
     * still dominates the CPU work on 2 cores and the verdicts stay the seed's, in under 5 minutes.
     */
    QUICK(500, Duration.ofMillis(250), Duration.ofSeconds(15), 100, 2,
            List.of("server.tomcat.threads.max=50", "spring.mvc.async.request-timeout=7500ms"),
            "the seed profile divided by 4: 500 requests instead of 2000, repository delays of 250 ms instead of "
                    + "1 s, Tomcat's pool of 50 threads instead of 200, Spring's async request timeout 7.5 s "
                    + "instead of 30 s and the client's 15 s instead of 60 s. Waves through Tomcat's pool, queues "
                    + "and time-outs keep their shape; what shrinks is the CPU each burst costs, which on a small "
                    + "machine would otherwise hide T's effect on sync (the burst's CPU time grows with the "
                    + "requests, the waiting with the delays)"),
    /**
     * 2000 requests, 1 s per repository call, Boot's defaults (200 Tomcat threads, 30 s async timeout), as in the
     * article; 60 s client timeout, long enough to see Spring's own 30 s async timeout answer 503.
     */
    SEED(2000, Duration.ofSeconds(1), Duration.ofSeconds(60), 200, 1, List.of(),
            "the article's sizes: 2000 requests, 1 s repository delays, Boot's defaults (200 Tomcat threads, "
                    + "30 s async request timeout)");

    private final int requests;
    private final Duration delay;
    private final Duration timeout;
    private final int warmup;
    private final int repeat;
    private final List<String> serverArgs;
    private final String scaling;

    Profile(int requests, Duration delay, Duration timeout, int warmup, int repeat, List<String> serverArgs,
            String scaling) {
        this.requests = requests;
        this.delay = delay;
        this.timeout = timeout;
        this.warmup = warmup;
        this.repeat = repeat;
        this.serverArgs = serverArgs;
        this.scaling = scaling;
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

    /** The profile named {@code quick} or {@code seed} (any case), if that is one. */
    public static Optional<Profile> parse(String name) {
        return Arrays.stream(values()).filter(p -> p.name().equalsIgnoreCase(name.strip())).findFirst();
    }

    /** How many times each (combination, mode) is measured. */
    public int repeat() {
        return repeat;
    }

    /** Server settings ({@code key=value}) the profile scales; {@code --server-arg} overrides them key by key. */
    public List<String> serverArgs() {
        return serverArgs;
    }

    /** What the profile scaled and why, for the report. */
    public String scaling() {
        return scaling;
    }
}
