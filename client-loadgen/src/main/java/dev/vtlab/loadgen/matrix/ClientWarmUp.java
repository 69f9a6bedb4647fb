package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Burst;
import dev.vtlab.loadgen.load.RequestResult;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Warms the runner's own HTTP client once, before the first measured run, so that the first combination measured
 * is not the client's cold start. It fires at a visit store with no delays (the downstream process, started as the
 * matrix starts it for the {@code http} kind), not at a server under test: every server then gets the same warm-up
 * of its own, and the first one no more than the others.
 */
final class ClientWarmUp {

    /** Bursts of {@link #size}: enough for the client's JIT (C1, see client-loadgen/jvm.options) to settle. */
    static final int BURSTS = 3;
    /** The largest warm-up burst: past it the client's code is as warm as it gets. */
    static final int MOST_REQUESTS = 2000;

    private ClientWarmUp() {
    }

    /**
     * The requests of one warm-up burst: as many as a measured burst sends, at most {@link #MOST_REQUESTS}; a client
     * that measures 20 requests at once runs no code a warm-up of thousands would warm further.
     */
    static int size(int measuredBurst) {
        return Math.min(measuredBurst, MOST_REQUESTS);
    }

    /**
     * Returns how many of the {@link #BURSTS} x {@code size} warm-up requests succeeded; the store's log goes to
     * {@code logs}.
     */
    static long run(MatrixSettings.ServerSettings servers, Path logs, HttpClient client, ChildProcesses children,
                    int size, Duration connectTimeout, Duration requestTimeout)
            throws ServerProcess.ServerStartException, InterruptedException {
        try (ServerProcess store = ServerAndDownstream.startDownstream(servers, logs.resolve("client-warm-up.log"),
                client, children, "visit-store", "--port", "0", "--count-delay", "0ms", "--save-delay", "0ms")) {
            long succeeded = 0;
            for (int i = 0; i < BURSTS; i++) {
                succeeded += new Burst(connectTimeout, requestTimeout)
                        .fire(store.base().resolve("/stats"), size, size).stream()
                        .filter(RequestResult::succeeded).count();
            }
            return succeeded;
        }
    }
}
