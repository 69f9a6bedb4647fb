package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.ReadableFigures;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ServiceSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The question a reader brings to {@code ceilings}: what would Spring Boot's switch
 * ({@code spring.threads.virtual.enabled=true}) do to this service? Request threads go, and the next ceiling binds;
 * a pool of connections, an executor or the cores stay. And with no thread pool left to bound the requests in
 * progress, the web server's connection bound is the only one: the heap must hold every request it lets in
 * ({@link HeapCost}), and at the time a request is in flight that bound lets through so many a second (Little's law):
 * the heap's ceiling, which can bind before the next ceiling does.
 *
 * @param switchOn         whether the service ran with the switch on, as its settings say
 * @param nextCeiling      the lowest ceiling the switch leaves, {@code null} when the meters show none
 * @param nextCeilingBasis where a CPU ceiling measured far below it comes from ({@link #basis}), else {@code null}
 * @param heapKbPerRequest what a request in flight holds of the heap, {@code null} when the heap is not metered
 * @param heapCostFrom     how that was found: measured (over which points) or assumed
 * @param heapFreeBytes    the heap's maximum less its least use at rest, {@code null} when not metered
 * @param heapHolds        requests in flight that much heap holds at that cost
 * @param maxConnections   the bound that keeps it alive: half of {@code heapHolds}, the other half headroom for
 *                         garbage not yet collected (as vtlab's own server bounds itself)
 * @param admitted         what the web server lets in at once with the switch on, unless the service set it
 *                         ({@value #TOMCAT_MAX_CONNECTIONS} on Tomcat), {@code null} when unbounded or unknown
 * @param admittedNow      what it lets in progress at once with the switch off (its request threads), when they
 *                         are a ceiling
 * @param boundKey         the setting that bounds it
 * @param acceptQueueKey   the setting of the kernel's accept queue that holds the connections past the bound
 *                         ({@code server.tomcat.accept-count}), {@code null} where Boot has none (Jetty) or the
 *                         web server is unknown
 * @param acceptQueue      the accept queue recommended with the bound ({@value #ACCEPT_QUEUE}); {@code null} in the
 *                         files of searches made before it was
 * @param keepAliveKey     the setting of the web server's keep-alive timeout, {@code null} when unknown
 * @param keepAliveTimeout the keep-alive timeout to set with the bound
 * @param heapHoldSeconds  how long a request is in flight: as long as it holds a request thread, where threads are
 *                         a ceiling, else as the heap's ceiling measured it; {@code null} when neither is known (and
 *                         in the files of searches made before it was)
 * @param heapRate         what {@code maxConnections} lets through at that time a request, requests a second
 */
public record VirtualThreadsAnswer(boolean switchOn, MeterCeiling nextCeiling, String nextCeilingBasis,
                                   Double heapKbPerRequest,
                                   String heapCostFrom, Double heapFreeBytes, Long heapHolds, Long maxConnections,
                                   Long admitted, Long admittedNow, String boundKey, String acceptQueueKey,
                                   Integer acceptQueue, String keepAliveKey, String keepAliveTimeout,
                                   Double heapHoldSeconds, Double heapRate) {

    /** Tomcat's {@code server.tomcat.max-connections} when it is not set. */
    static final long TOMCAT_MAX_CONNECTIONS = 8192;
    /**
     * The accept queue recommended with a bound: Linux caps it at {@code net.core.somaxconn}, 4096 by default since
     * 5.4, as vtlab's own server sets it. Past the bound the web server accepts no more; the kernel holds the
     * connections that wait, at no cost to the heap, and past its queue it drops their connects, which the clients
     * retry 1, 3, 7 and 15 s later: at Tomcat's 100 a cold overload of spring-petclinic with the bound served 34% and
     * 63%, with 4096 78.6% (docs/results/ceilings-real-services/README.md).
     */
    static final int ACCEPT_QUEUE = 4096;
    /**
     * The keep-alive timeout recommended with a bound. Idle keep-alive connections count against it, and hold places
     * while requests wait in the kernel's queue: in cold overloads of spring-petclinic with the bound and the queue,
     * 84.7, 87.6 and 87.0% were served, and with a keep-alive timeout of 1 s as well 92.9, 90.3 and 99.5%, in pairs
     * run side by side (docs/results/ceilings-real-services/README.md).
     */
    static final String KEEP_ALIVE = "1s";
    /**
     * A CPU ceiling at least this many times the rate it was measured at is said to be measured far below it: on
     * other-service's threads-bound page the switch-off search measured the CPU at 100 req/s and put it at 737 req/s
     * (the workshop's exercise 9), and the switch on then sustained 3,515.
     */
    static final double FAR_BELOW = 2;
    /** The fall of a request's CPU through the probe, first window to the measure, that makes the rate a floor. */
    static final double FELL = 1.2;

    /**
     * The answer from what a search measured.
     *
     * @param ceilings   the ceilings measured last (the highest held step's, else the probe's)
     * @param measuredAt the rate they were measured at (that step's, else the probe's)
     * @param firstCpuMs the CPU a request cost in the probe's first window, {@code null} when not measured
     * @param points     what the heap held against the requests in flight, in each window and step
     */
    static VirtualThreadsAnswer of(CeilingSearch.AtRest atRest, List<MeterCeiling> ceilings, double measuredAt,
                                   Double firstCpuMs, List<CeilingSearch.HeapPoint> points) {
        ServiceSettings settings = atRest == null ? null : atRest.settings();
        MeterCeiling next = ceilings.stream().filter(c -> !c.kind().goesWithVirtualThreads()).findFirst()
                .orElse(null);
        String basis = basis(next, measuredAt, firstCpuMs);
        Long admittedNow = ceilings.stream().filter(c -> c.kind().goesWithVirtualThreads()).findFirst()
                .map(c -> Math.round(c.size())).orElse(null);
        Double free = atRest == null || atRest.heapMaxBytes() == null || atRest.heapUsedBytes() == null ? null
                : atRest.heapMaxBytes() - atRest.heapUsedBytes();
        boolean tomcat = atRest != null && "tomcat".equals(atRest.webServer());
        boolean jetty = atRest != null && "jetty".equals(atRest.webServer());
        String boundKey = tomcat ? "server.tomcat.max-connections" : jetty ? "server.jetty.max-connections" : null;
        String acceptQueueKey = tomcat ? "server.tomcat.accept-count" : null;
        String keepAliveKey = tomcat ? "server.tomcat.keep-alive-timeout"
                : jetty ? "server.jetty.connection-idle-timeout" : null;
        Long admitted = tomcat ? TOMCAT_MAX_CONNECTIONS : null;
        boolean on = settings != null && settings.virtual();
        if (free == null) {
            return new VirtualThreadsAnswer(on, next, basis, null, null, null, null, null, admitted, admittedNow,
                    boundKey, acceptQueueKey, ACCEPT_QUEUE, keepAliveKey, KEEP_ALIVE, null, null);
        }
        HeapCost cost = HeapCost.of(points);
        long safe = cost.safeCount(free);
        Double hold = ceilings.stream().filter(c -> c.kind().goesWithVirtualThreads()).findFirst()
                .or(() -> HeapCeiling.in(ceilings)).map(MeterCeiling::holdSeconds).orElse(null);
        return new VirtualThreadsAnswer(on, next, basis, cost.kbPerRequest(), cost.from(), free, cost.holds(free),
                safe, admitted, admittedNow, boundKey, acceptQueueKey, ACCEPT_QUEUE, keepAliveKey, KEEP_ALIVE, hold,
                hold == null ? null : safe / hold);
    }

    /**
     * Where a CPU ceiling far above the rate it was measured at comes from, and, when a request's CPU fell as the
     * probe climbed, that it is a floor: {@code null} for a ceiling of another kind or one measured near it. What a
     * request costs the CPU falls with the rate on many services (the JIT, and work done per wake-up rather than per
     * request), so a rate read at a sixth of the ceiling says little of where the cores fill.
     */
    static String basis(MeterCeiling next, double measuredAt, Double firstCpuMs) {
        if (next == null || next.kind() != MeterCeiling.Kind.CPU || measuredAt <= 0
                || next.rate() < FAR_BELOW * measuredAt) {
            return null;
        }
        double cpuMs = next.holdSeconds() * 1000;
        String basis = String.format(Locale.ROOT, "from the CPU a request cost at %s req/s, %.2f of that rate",
                ReadableFigures.rate(measuredAt), measuredAt / next.rate());
        return firstCpuMs == null || firstCpuMs < FELL * cpuMs ? basis : String.format(Locale.ROOT, "%s: it fell "
                        + "from %s to %s as the rate rose through the probe and may fall further above, so read %s "
                        + "req/s as a floor", basis, ReadableFigures.millis(firstCpuMs), ReadableFigures.millis(cpuMs),
                ReadableFigures.rate(next.rate()));
    }

    /** The answer in sentences, for the console and the report. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        String opening = switchOn ? "The service runs with spring.threads.virtual.enabled=true: no request-thread "
                + "ceiling. The" : "With spring.threads.virtual.enabled=true: request threads are no ceiling any more; the";
        lines.add(nextCeiling == null ? opening + " meters show no other ceiling."
                : String.format(Locale.ROOT, "%s ceiling is %s at %s req/s (%s)%s.", opening, nextCeiling.name(),
                ReadableFigures.rate(nextCeiling.rate()), nextCeiling.withVirtualThreads(),
                nextCeilingBasis == null ? "" : ", " + nextCeilingBasis));
        if (heapHolds == null) {
            lines.add("The heap's ceiling is unknown: the meters serve no heap in use or maximum "
                    + "(jvm_memory_used_bytes, jvm_memory_max_bytes).");
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "The heap is the next ceiling: a request in flight holds %s KB (%s), "
                        + "and the heap has %s MB beyond its use at rest, so it holds about %,d requests in flight; "
                        + "with half of it left for garbage, %,d.", ReadableFigures.count(heapKbPerRequest),
                heapCostFrom, ReadableFigures.count((double) Math.round(heapFreeBytes / (1 << 20))), heapHolds,
                maxConnections));
        if (heapRate != null) {
            lines.add(heapRateLine());
        }
        String now = admittedNow == null ? "" : String.format(Locale.ROOT, " (with the switch off, its %,d request "
                + "threads)", admittedNow);
        if (admitted != null && admitted <= maxConnections) {
            lines.add(String.format(Locale.ROOT, "With the switch on, Tomcat lets in up to %,d requests at once "
                    + "unless %s is set%s: within the safe count, so the heap holds what it lets in.", admitted,
                    boundKey, now));
        } else if (admitted != null) {
            lines.add(String.format(Locale.ROOT, "With the switch on, Tomcat lets in up to %,d requests at once "
                            + "unless %s is set%s: %.1f x the safe count. Turning the switch on without a bound can "
                            + "turn an overload into an outage: set %s=%d.", admitted, boundKey, now,
                    (double) admitted / maxConnections, boundKey, maxConnections));
        } else {
            lines.add(String.format(Locale.ROOT, "With the switch on, nothing bounds the requests in progress%s "
                    + "unless the web server's connections are bounded: set %s=%d.", now,
                    boundKey == null ? "the web server's connection bound" : boundKey, maxConnections));
        }
        if (admitted == null || admitted > maxConnections) { // a bound is recommended: what goes with it
            lines.add(acceptQueueLine());
            lines.add(keepAliveLine());
        }
        return lines;
    }

    /** The heap's ceiling as a rate, beside the next ceiling's. */
    private String heapRateLine() {
        String against = nextCeiling == null || nextCeiling.kind() == MeterCeiling.Kind.HEAP ? ""
                : String.format(Locale.ROOT, ": %s %s at %s req/s, %s", heapBindsFirst() ? "below" : "above",
                nextCeiling.name(), ReadableFigures.rate(nextCeiling.rate()), heapBindsFirst()
                        ? "so with the bound the heap binds first" : "which binds first");
        return String.format(Locale.ROOT, "A request is in flight for %s (%s): at that, the safe count lets through "
                        + "about %s req/s (Little's law)%s.", ReadableFigures.millis(heapHoldSeconds * 1000),
                switchOn ? "as the heap's ceiling measured it" : "as long as it holds a request thread now",
                ReadableFigures.rate(heapRate), against);
    }

    /** Whether the heap's ceiling, at the bound, is below the next ceiling. */
    public boolean heapBindsFirst() {
        return heapRate != null && nextCeiling != null && heapRate < nextCeiling.rate();
    }

    /** What else to set beside the bound: a short keep-alive timeout, so that idle connections give up their place. */
    private String keepAliveLine() {
        return String.format(Locale.ROOT, "Idle keep-alive connections count against the bound and hold places while "
                + "requests wait in that queue: shorten their timeout with it, %s=%s (by default as long as the "
                + "connection timeout).", keepAliveKey == null ? "the web server's keep-alive timeout" : keepAliveKey,
                keepAliveTimeout);
    }

    /** What to set beside the bound: the kernel's accept queue, where the connections past it wait. */
    private String acceptQueueLine() {
        String queue = acceptQueueKey != null
                ? String.format(Locale.ROOT, "%s=%d (Tomcat's default is 100)", acceptQueueKey, acceptQueue)
                : "server.jetty.max-connections".equals(boundKey)
                ? "Jetty's to " + acceptQueue + " (Boot has no property for it: ServerConnector.setAcceptQueueSize "
                        + "in a JettyServerCustomizer)"
                : "the web server's backlog to " + acceptQueue;
        return String.format(Locale.ROOT, "Past the bound the connections wait in the kernel's accept queue, at no "
                + "cost to the heap; past that queue their connects are dropped and retried by the clients 1, 3, 7 "
                + "and 15 s later. Raise it with the bound: %s; Linux caps it at net.core.somaxconn, %d by default "
                + "since 5.4.", queue, ACCEPT_QUEUE);
    }
}
