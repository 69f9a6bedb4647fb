package dev.vtlab.loadgen.load;

import com.sun.management.OperatingSystemMXBean;
import dev.vtlab.loadgen.lab.LabClient;
import dev.vtlab.loadgen.lab.ServerEnvironment;
import dev.vtlab.loadgen.lab.ServerJvm;
import dev.vtlab.loadgen.lab.ServerThreads;
import dev.vtlab.loadgen.lab.VisitCounter;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One measurement against a running server: reset the lab, fire the burst, read the lab back, and sum it up.
 * Whatever the server does (fail, die), the burst's own figures are kept.
 */
public final class LoadRun {

    /** JFR delivers its events about once a second; wait that long before reading virtual-thread counts. */
    private static final Duration JFR_DELIVERY = Duration.ofMillis(1500);

    private final HttpClient client;
    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final OperatingSystemMXBean os =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * @param client         for the lab endpoints
     * @param connectTimeout for the burst's connections
     * @param requestTimeout for each request of a burst
     */
    public LoadRun(HttpClient client, Duration connectTimeout, Duration requestTimeout) {
        this.client = client;
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    /**
     * A burst whose results are discarded, to warm the JIT of both sides; returns how many succeeded, for the visit
     * check. It goes to {@code /sync} whatever the mode measured: that warms Tomcat, Spring MVC, Jackson, the use
     * case and the client's own code without queuing work that a failing mode (callable with A off) would leave
     * behind for the measured burst. Like every burst it opens its own connections, so the measured burst does not
     * reuse warm ones.
     */
    public long warmUp(URI base, int requests) throws InterruptedException {
        if (requests <= 0) {
            return 0;
        }
        return new Burst(connectTimeout, requestTimeout).fire(base.resolve(Mode.SYNC.path()), requests, requests)
                .stream().filter(RequestResult::succeeded).count();
    }

    /**
     * Measures one burst.
     *
     * @param base            where the burst goes
     * @param lab             where the server's lab is read (the same server, often the same URL)
     * @param visits          where visits are counted (the server's lab, or the visit store)
     * @param visitsBefore    the visit count read before the warm-up
     * @param warmupRequests  warm-up requests sent since then
     * @param warmupSucceeded of which succeeded
     */
    public Measurement measure(URI base, URI lab, Mode mode, int requests, int concurrency, VisitCounter visits,
                               long visitsBefore, int warmupRequests, long warmupSucceeded)
            throws InterruptedException {
        LabClient labClient = new LabClient(client, lab);
        String labError = null;
        try {
            labClient.reset();
        } catch (IOException e) {
            labError = "could not reset the lab before the burst: " + e.getMessage();
        }
        Map<String, Long> kernelBefore = KernelCounters.read();
        long cpuBefore = os.getProcessCpuTime();

        List<RequestResult> results = new Burst(connectTimeout, requestTimeout)
                .fire(base.resolve(mode.path()), requests, concurrency);

        double clientCpuMs = (os.getProcessCpuTime() - cpuBefore) / 1e6;
        Map<String, Long> kernelDelta = KernelCounters.delta(kernelBefore, KernelCounters.read());

        ServerEnvironment environment = null;
        ServerThreads threads = null;
        ServerJvm jvm = null;
        Long visitsAfter = null;
        try {
            Thread.sleep(JFR_DELIVERY);
            environment = labClient.environment();
            threads = labClient.threads();
            jvm = labClient.jvm();
            visitsAfter = visits.visitsSaved();
        } catch (IOException e) {
            labError = "could not read the lab after the burst: " + e.getMessage();
        }

        long succeeded = results.stream().filter(RequestResult::succeeded).count();
        Map<String, Long> failures = results.stream().filter(r -> !r.succeeded())
                .collect(Collectors.groupingBy(RequestResult::cause, TreeMap::new, Collectors.counting()));
        double wallMs = results.stream().mapToLong(RequestResult::endMicros).max().orElse(0) / 1000.0;
        LongSummaryStatistics starts = results.stream().mapToLong(RequestResult::startMicros).summaryStatistics();
        double spreadMs = results.isEmpty() ? 0 : (starts.getMax() - starts.getMin()) / 1000.0;
        // Unknown, not zero, when the count could not be read after the burst.
        Long visitsSaved = visitsAfter == null ? null : visitsAfter - visitsBefore;
        Long difference = visitsSaved == null ? null : succeeded + warmupSucceeded - visitsSaved;
        boolean kernelTrouble = kernelDelta.entrySet().stream()
                .anyMatch(e -> !e.getKey().equals("TcpRetransSegs") && e.getValue() > 0);

        RunSummary summary = new RunSummary(
                new RunSummary.Burst(mode.label(), base.toString(), requests, concurrency),
                new RunSummary.Outcome(succeeded, results.size() - succeeded, failures, wallMs,
                        wallMs > 0 ? succeeded / (wallMs / 1000.0) : 0, Latencies.of(results), spreadMs, clientCpuMs),
                new RunSummary.Writes(warmupRequests, warmupSucceeded, visitsSaved,
                        difference == null ? null : Math.max(difference, 0),
                        difference == null ? null : Math.max(-difference, 0)),
                new RunSummary.ClientSide(kernelDelta, kernelTrouble, ClientEnvironment.current()),
                new RunSummary.ServerSide(environment, threads, jvm, labError));
        return new Measurement(summary, results);
    }

    /**
     * A summary and the requests it sums up.
     *
     * @param summary  the figures
     * @param requests one result per request, ordered by id
     */
    public record Measurement(RunSummary summary, List<RequestResult> requests) {
    }
}
