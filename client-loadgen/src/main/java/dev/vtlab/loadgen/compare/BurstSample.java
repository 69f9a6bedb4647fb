package dev.vtlab.loadgen.compare;

import dev.vtlab.loadgen.load.Burst;
import dev.vtlab.loadgen.load.KernelCounters;
import dev.vtlab.loadgen.load.Latencies;
import dev.vtlab.loadgen.load.RequestResult;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One burst at one server: latency of the successful requests, failures by cause, what the server's process
 * spent on it (CPU time and its collector's share of it, peak resident set sampled every 100 ms), and how many
 * connections waited for the server to accept them (the kernel's counters), as the operating system reports them.
 */
public final class BurstSample {

    private static final Duration RSS_EVERY = Duration.ofMillis(100);

    private final Burst burst;

    public BurstSample(Burst burst) {
        this.burst = burst;
    }

    public Figures measure(Contender server, int round, int requests) throws InterruptedException {
        long cpuBefore = server.cpuTime().map(Duration::toNanos).orElse(-1L);
        long collectorBefore = server.collectorCpuTime().map(Duration::toNanos).orElse(-1L);
        AtomicLong rssPeak = new AtomicLong(server.residentSetBytes().orElse(-1L));
        AtomicBoolean done = new AtomicBoolean();
        Thread sampler = Thread.ofVirtual().start(() -> {
            while (!done.get()) {
                server.residentSetBytes().ifPresent(rss -> rssPeak.accumulateAndGet(rss, Math::max));
                try {
                    Thread.sleep(RSS_EVERY);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        Map<String, Long> kernelBefore = KernelCounters.read();
        long start = System.nanoTime();
        List<RequestResult> results;
        try {
            results = burst.fire(server.target(), requests, requests);
        } finally {
            done.set(true);
            sampler.interrupt();
            sampler.join(Duration.ofSeconds(5));
        }
        long wallMs = (System.nanoTime() - start) / 1_000_000;
        long cpuAfter = server.cpuTime().map(Duration::toNanos).orElse(-1L);
        long collectorAfter = server.collectorCpuTime().map(Duration::toNanos).orElse(-1L);
        Map<String, Long> kernel = KernelCounters.delta(kernelBefore, KernelCounters.read());
        Map<String, Long> causes = RequestResult.failuresByCause(results);
        Latencies latencies = Latencies.of(results);
        double cpuMsPerRequest = cpuBefore < 0 || cpuAfter < 0 ? -1 : (cpuAfter - cpuBefore) / 1e6 / requests;
        double collectorCpuShare = cpuBefore < 0 || cpuAfter <= cpuBefore || collectorBefore < 0 || collectorAfter < 0
                ? -1 : (double) (collectorAfter - collectorBefore) / (cpuAfter - cpuBefore);
        return new Figures(server.name(), round, requests, latencies.count(), requests - latencies.count(), causes,
                latencies.p50Ms(), latencies.p99Ms(), latencies.maxMs(), wallMs, cpuMsPerRequest, collectorCpuShare,
                rssPeak.get(), kernel);
    }

    /**
     * One burst's figures.
     *
     * @param server           the server's name
     * @param round            which round (from 1)
     * @param requests         the burst
     * @param succeeded        answered 200
     * @param failed           the others
     * @param failureCauses    how many failed of each cause
     * @param p50Ms            latency of the successful requests
     * @param p99Ms            latency of the successful requests
     * @param maxMs            latency of the successful requests
     * @param wallMs           from the burst's release to its last answer
     * @param cpuMsPerRequest  the server process's CPU time during the burst per request, -1 where unknown
     * @param collectorCpuShare of that CPU time, the share its garbage collector's threads ran
     *                         ({@link CollectorThreads}), -1 where unknown
     * @param rssPeakBytes     the server's largest resident set seen during the burst, -1 where unknown
     * @param kernel           the kernel's TCP counters' growth during the burst (listen-queue overflows, SYN
     *                         retransmits: connections the server had not accepted yet); empty without nstat
     */
    public record Figures(String server, int round, int requests, long succeeded, long failed,
                          Map<String, Long> failureCauses, double p50Ms, double p99Ms, double maxMs, long wallMs,
                          double cpuMsPerRequest, double collectorCpuShare, long rssPeakBytes,
                          Map<String, Long> kernel) {
    }
}
