package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.labclient.LabLoad;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A rate run (an open model): request i is sent at its due time ({@link Schedule}), each on a virtual thread of its
 * own, whatever the server does; a request the client could not send in time is counted, and timed from its due
 * time all the same, so that a stalled server cannot hide its queue behind a stalled client (coordinated omission).
 * Each second the server's lab is sampled, and apart from it the service's meters (each on a thread of its own, so
 * that a slow lab does not delay the meters). Every request ends within the request timeout, so a run always ends.
 */
public final class RateRun {

    /** A request sent later than this after its due time counts as late. */
    public static final Duration LATE = Duration.ofMillis(10);

    private final Duration connectTimeout;
    private final Duration requestTimeout;

    public RateRun(Duration connectTimeout, Duration requestTimeout) {
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    /**
     * What a rate run saw: each request (sent and end times from the run's start), when each was due, the server's
     * samples, the most requests in flight at once, and when the last request ended.
     */
    public record Recording(long[] dueNanos, List<RequestResult> requests, List<ServerSample> samples,
                            List<MeterSampler.Sample> meterSamples, int inFlightPeak, long finishedMicros) {
    }

    /**
     * The server's lab, read once a second.
     *
     * @param second seconds from the run's start
     * @param load   what it held then, {@code null} when the lab did not answer
     * @param readMs how long the lab took to answer (an overloaded server must still answer its lab)
     */
    public record ServerSample(int second, LabLoad load, double readMs) {
    }

    /**
     * Sends {@code schedule}'s requests to {@code uri}, at most {@code maxInFlight} at once (a request due while
     * that many are in flight waits for one to end, and is late); samples {@code lab} and {@code meters} each
     * second, each unless it is {@code null}.
     */
    public Recording run(URI uri, Schedule schedule, int maxInFlight, LabClient lab, MeterSource meters)
            throws InterruptedException {
        long[] due = schedule.dueNanos();
        RequestResult[] results = new RequestResult[due.length];
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(requestTimeout).GET().build();
        // The connections of a run are spread over as many clients as a burst's, for the same reason.
        List<HttpClient> clients = Burst.clients(connectTimeout);
        Semaphore permits = new Semaphore(maxInFlight);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        List<ServerSample> samples;
        List<MeterSampler.Sample> meterSamples;
        long start = System.nanoTime();
        EverySecond<ServerSample> labSampler = lab == null ? null
                : EverySecond.start("lab-sampler", start, second -> sample(lab, second));
        MeterSampler meterSampler = meters == null ? null : MeterSampler.start(meters, start);
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < due.length; i++) {
                if (!awaitNanoTime(start + due[i])) {
                    throw new InterruptedException("rate run interrupted");
                }
                permits.acquire();
                int id = i;
                threads.submit(() -> {
                    peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    try {
                        results[id] = Burst.send(clients.get(id % clients.size()), request, id, start);
                    } finally {
                        inFlight.decrementAndGet();
                        permits.release();
                    }
                });
            }
        } finally {
            samples = labSampler == null ? List.of() : labSampler.stop();
            meterSamples = meterSampler == null ? List.of() : meterSampler.stop();
            clients.forEach(HttpClient::close);
        }
        long finished = (System.nanoTime() - start) / 1000;
        return new Recording(due, Arrays.asList(results), samples, meterSamples, peak.get(), finished);
    }

    /**
     * Parks until {@code nanoTime}: parking may end early, so it parks again for what is left; returns false,
     * at once, when the thread is interrupted.
     */
    static boolean awaitNanoTime(long nanoTime) {
        for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
            LockSupport.parkNanos(left);
        }
        return true;
    }

    /** The lab's load, {@code second} seconds from the start, and how long it took to answer. */
    private static ServerSample sample(LabClient lab, int second) throws InterruptedException {
        long asked = System.nanoTime();
        LabLoad load;
        try {
            load = lab.load();
        } catch (IOException e) {
            load = null;
        }
        return new ServerSample(second, load, (System.nanoTime() - asked) / 1e6);
    }
}
