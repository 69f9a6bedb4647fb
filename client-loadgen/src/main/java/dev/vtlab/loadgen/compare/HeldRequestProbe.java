package dev.vtlab.loadgen.compare;

import dev.vtlab.loadgen.load.Burst;
import dev.vtlab.loadgen.load.RequestResult;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What one held request costs a server in live heap: a class histogram at rest, then a burst whose requests all
 * wait (1 s + 1 s), a second histogram {@code into} the wait, and the growth divided by the requests that were held
 * from before the second histogram began until after it ended. The same method for every server, over HTTP.
 */
public final class HeldRequestProbe {

    /** Classes listed by name; the rest are summed. */
    static final int TOP_CLASSES = 6;

    private final Burst burst;
    private final HttpClient client;
    private final Duration into;

    public HeldRequestProbe(Burst burst, HttpClient client, Duration into) {
        this.burst = burst;
        this.client = client;
        this.into = into;
    }

    public HeldRequest measure(Contender server, int requests) throws IOException, InterruptedException {
        HeapHistogram atRest = server.liveHistogram(client);
        AtomicReference<HeapHistogram> whileHeld = new AtomicReference<>();
        AtomicReference<IOException> failure = new AtomicReference<>();
        long[] windowMicros = new long[2];
        List<RequestResult> results = burst.fire(server.target(), requests, requests, () -> {
            long released = System.nanoTime();
            try {
                Thread.sleep(into);
                windowMicros[0] = (System.nanoTime() - released) / 1000;
                whileHeld.set(server.liveHistogram(client));
                windowMicros[1] = (System.nanoTime() - released) / 1000;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        if (whileHeld.get() == null) {
            throw new IOException("no histogram of " + server.name() + " while it held the burst");
        }
        // Released together, so every request had been sent before the histogram began (a slow send is counted
        // by its start); held = still unanswered when the histogram ended.
        int held = (int) results.stream()
                .filter(r -> r.succeeded() && r.startMicros() < windowMicros[0] && r.endMicros() > windowMicros[1])
                .count();
        if (held == 0) {
            throw new IOException(server.name() + " held no request through the histogram (" + into.toMillis()
                    + " ms into a burst of " + requests + ")");
        }
        HeapHistogram during = whileHeld.get();
        return new HeldRequest(server.name(), requests, held, atRest.totalBytes(), during.totalBytes(),
                (double) (during.totalBytes() - atRest.totalBytes()) / held,
                during.growthPerRequest(atRest, held, TOP_CLASSES));
    }

    /**
     * One server's result.
     *
     * @param server          its name
     * @param requests        the burst
     * @param held            requests held through the histogram
     * @param atRestBytes     live heap before the burst
     * @param whileHeldBytes  live heap while they were held
     * @param perRequestBytes the growth per held request
     * @param largest         the growth per held request by class, largest first, then the rest
     */
    public record HeldRequest(String server, int requests, int held, long atRestBytes, long whileHeldBytes,
                              double perRequestBytes, List<HeapHistogram.Share> largest) {
    }
}
