package dev.vtlab.loadgen.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * A burst: {@code requests} GETs, each on its own virtual thread, all released at once by one latch (at most
 * {@code concurrency} in flight), spread over a few HTTP clients. Every request ends within the request timeout,
 * so a burst always ends.
 */
public final class Burst {

    /**
     * One {@link HttpClient} handles the I/O of all its connections on one selector thread; spreading a burst of new
     * connections over four brought the p50 and p99 close to those of hey (docs/benchmarks.md).
     */
    static final int CLIENTS = 4;

    private final Duration connectTimeout;
    private final Duration requestTimeout;

    public Burst(Duration connectTimeout, Duration requestTimeout) {
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    /** Fires the burst at {@code uri} and returns every request's result, ordered by id. */
    public List<RequestResult> fire(URI uri, int requests, int concurrency) throws InterruptedException {
        return fire(uri, requests, concurrency, () -> { });
    }

    /**
     * Fires the burst, and runs {@code whileInFlight} on a thread of its own as the requests are released (to look
     * at the server while it holds them); returns when both are done.
     */
    public List<RequestResult> fire(URI uri, int requests, int concurrency, Runnable whileInFlight)
            throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(requestTimeout).GET().build();
        ConcurrentLinkedQueue<RequestResult> results = new ConcurrentLinkedQueue<>();
        Semaphore inFlight = new Semaphore(concurrency);
        CountDownLatch go = new CountDownLatch(1);
        long[] release = new long[1];
        List<HttpClient> clients = clients(connectTimeout);
        // Closing the executor waits for every request: each ends by its timeout at the latest.
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int id = 0; id < requests; id++) {
                int requestId = id;
                threads.submit(() -> {
                    go.await();
                    inFlight.acquire();
                    try {
                        results.add(send(clients.get(requestId % CLIENTS), request, requestId, release[0]));
                    } finally {
                        inFlight.release();
                    }
                    return null;
                });
            }
            release[0] = System.nanoTime();
            go.countDown();
            threads.submit(whileInFlight);
        } finally {
            clients.forEach(HttpClient::close); // and the burst's connections close with its clients
        }
        List<RequestResult> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparingInt(RequestResult::id));
        return ordered;
    }

    /** The {@link #CLIENTS} HTTP clients a burst's (or a rate run's) connections are spread over; the caller closes. */
    static List<HttpClient> clients(Duration connectTimeout) {
        List<HttpClient> clients = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            clients.add(HttpClients.forBurst(connectTimeout));
        }
        return clients;
    }

    /**
     * Sends one request and waits for its answer on this thread; its times are counted from {@code release}
     * ({@link System#nanoTime()}): a burst's release, or a rate run's start.
     */
    static RequestResult send(HttpClient client, HttpRequest request, int id, long release) {
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = client.send(request, FailureBody.HANDLER);
            return new RequestResult(id, micros(start - release), micros(System.nanoTime() - release),
                    response.statusCode(), FailureBody.cause(response));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new RequestResult(id, micros(start - release), micros(System.nanoTime() - release), 0,
                    "interrupted");
        } catch (Exception e) {
            return new RequestResult(id, micros(start - release), micros(System.nanoTime() - release), 0,
                    FailureCause.of(e));
        }
    }

    private static long micros(long nanos) {
        return nanos / 1000;
    }
}
