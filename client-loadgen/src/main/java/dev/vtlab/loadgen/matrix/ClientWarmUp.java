package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Burst;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.downstream.visitstore.VisitStore;

import java.io.IOException;
import java.time.Duration;

/**
 * Warms the runner's own HTTP client once, before the first measured run, so that the first combination measured
 * is not the client's cold start. It fires at a visit store inside this JVM with no delays, not at a server under
 * test: every server then gets the same warm-up of its own, and the first one no more than the others.
 */
final class ClientWarmUp {

    /** Bursts of {@link #REQUESTS}: enough for the client's JIT (C1, see client-loadgen/jvm.options) to settle. */
    static final int BURSTS = 3;
    static final int REQUESTS = 2000;

    private ClientWarmUp() {
    }

    /** Returns how many of the warm-up requests succeeded. */
    static long run(Duration connectTimeout, Duration requestTimeout) throws IOException, InterruptedException {
        try (VisitStore store = VisitStore.start(0, Duration.ZERO, Duration.ZERO)) {
            long succeeded = 0;
            for (int i = 0; i < BURSTS; i++) {
                succeeded += new Burst(connectTimeout, requestTimeout)
                        .fire(store.url().resolve("/stats"), REQUESTS, REQUESTS).stream()
                        .filter(RequestResult::succeeded).count();
            }
            return succeeded;
        }
    }
}
