package dev.vtlab.loadgen.load;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/** The ways this tool builds its HTTP clients: one for the lab's few calls, one for the connections of a burst. */
public final class HttpClients {

    /**
     * Runs the client's dependent tasks (response handling, completing the futures a request thread waits on) on
     * the thread that finished the I/O, the client's selector thread. A burst's tasks only parse a small response
     * and discard its body, so nothing blocks there; handing each one to another thread first cost the client
     * more CPU than the task itself (docs/benchmarks.md, "The load generator against hey").
     */
    private static final Executor SAME_THREAD = Runnable::run;

    private HttpClients() {
    }

    /**
     * For the lab endpoints: HTTP/1.1 (the default, HTTP/2, would try an h2c upgrade on every new connection to a
     * plain-HTTP server), a virtual-thread executor for the client's own async work, and a connect timeout so that
     * an unreachable server fails fast.
     */
    public static HttpClient create(Duration connectTimeout) {
        return builder(connectTimeout).executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    }

    /** For a burst's requests: as {@link #create}, but the client's tasks run on its selector thread. */
    static HttpClient forBurst(Duration connectTimeout) {
        return builder(connectTimeout).executor(SAME_THREAD).build();
    }

    private static HttpClient.Builder builder(Duration connectTimeout) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout);
    }
}
