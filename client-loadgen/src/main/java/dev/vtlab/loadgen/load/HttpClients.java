package dev.vtlab.loadgen.load;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executors;

/** The one way this tool builds its HTTP client. */
public final class HttpClients {

    private HttpClients() {
    }

    /**
     * HTTP/1.1 (the default, HTTP/2, would try an h2c upgrade on every new connection to a plain-HTTP server),
     * a virtual-thread executor for the client's own async work, and a connect timeout so that an unreachable
     * server fails fast.
     */
    public static HttpClient create(Duration connectTimeout) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .connectTimeout(connectTimeout)
                .build();
    }
}
