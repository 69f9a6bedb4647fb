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
 * progress, the web server's connection bound is the only one: the heap must hold every request it lets in.
 * What one request in flight can hold is bounded by what it allocates (read from the service's allocation meter,
 * {@code jvm_gc_memory_allocated_bytes_total}, over the requests counted): all of it, were none of it garbage yet.
 * The heap in use sawtooths by its young generation with the load, so its reads against the requests in flight
 * measure the collector, not the requests.
 *
 * @param switchOn              whether the service ran with the switch on, as its settings say
 * @param nextCeiling           the lowest ceiling the switch leaves, {@code null} when the meters show none
 * @param allocatedKbPerRequest the most heap a request in flight can hold, {@code null} when not metered
 * @param heapFreeBytes         the heap's maximum less its least use at rest, {@code null} when not metered
 * @param heapHolds             requests in flight that much heap holds at that cost
 * @param maxConnections        the bound that keeps it alive: half of {@code heapHolds}, the other half headroom for
 *                              garbage not yet collected (as vtlab's own server bounds itself)
 * @param admitted              what the web server lets in at once with the switch on, unless the service set it
 *                              ({@value #TOMCAT_MAX_CONNECTIONS} on Tomcat), {@code null} when unbounded or unknown
 * @param admittedNow           what it lets in progress at once with the switch off (its request threads), when
 *                              they are a ceiling
 * @param boundKey              the setting that bounds it
 */
public record VirtualThreadsAnswer(boolean switchOn, MeterCeiling nextCeiling, Double allocatedKbPerRequest,
                                   Double heapFreeBytes, Long heapHolds, Long maxConnections, Long admitted,
                                   Long admittedNow, String boundKey) {

    /** Tomcat's {@code server.tomcat.max-connections} when it is not set. */
    static final long TOMCAT_MAX_CONNECTIONS = 8192;
    /** The share of what the heap holds that the bound lets in. */
    static final double BOUND_SHARE = 0.5;

    /**
     * The answer from what a search measured.
     *
     * @param ceilings              the ceilings measured last (the highest held step's, else the probe's)
     * @param allocatedKbPerRequest the most heap a request allocated in the probe's last window and the held steps
     */
    static VirtualThreadsAnswer of(CeilingSearch.AtRest atRest, List<MeterCeiling> ceilings,
                                   Double allocatedKbPerRequest) {
        ServiceSettings settings = atRest == null ? null : atRest.settings();
        MeterCeiling next = ceilings.stream().filter(c -> !c.kind().goesWithVirtualThreads()).findFirst()
                .orElse(null);
        Long admittedNow = ceilings.stream().filter(c -> c.kind().goesWithVirtualThreads()).findFirst()
                .map(c -> Math.round(c.size())).orElse(null);
        Double free = atRest == null || atRest.heapMaxBytes() == null || atRest.heapUsedBytes() == null ? null
                : atRest.heapMaxBytes() - atRest.heapUsedBytes();
        Long holds = free == null || allocatedKbPerRequest == null || !(allocatedKbPerRequest > 0) ? null
                : (long) Math.floor(free / (allocatedKbPerRequest * 1024));
        boolean tomcat = atRest != null && "tomcat".equals(atRest.webServer());
        boolean jetty = atRest != null && "jetty".equals(atRest.webServer());
        return new VirtualThreadsAnswer(settings != null && settings.virtual(), next, allocatedKbPerRequest, free,
                holds, holds == null ? null : Math.max(1, (long) Math.floor(holds * BOUND_SHARE)),
                tomcat ? TOMCAT_MAX_CONNECTIONS : null, admittedNow,
                tomcat ? "server.tomcat.max-connections" : jetty ? "server.jetty.max-connections" : null);
    }

    /** The answer in sentences, for the console and the report. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add((switchOn ? "The service runs with spring.threads.virtual.enabled=true: no request-thread "
                + "ceiling. " : "With spring.threads.virtual.enabled=true: request threads are no ceiling any more; ")
                + (nextCeiling == null ? "the meters show no other ceiling."
                : String.format(Locale.ROOT, "the ceiling is %s at %s req/s (%s).", nextCeiling.name(),
                ReadableFigures.rate(nextCeiling.rate()), nextCeiling.withVirtualThreads())));
        if (heapHolds == null) {
            lines.add("The heap's ceiling is unknown: the meters serve no heap maximum or allocation "
                    + "(jvm_memory_max_bytes, jvm_gc_memory_allocated_bytes_total).");
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "The heap is the next ceiling: a request allocates %s KB (the most one "
                        + "in flight can hold), and the heap has %s MB beyond its use at rest, so it holds about %,d "
                        + "requests in flight; with half of it left for garbage, %,d.", ReadableFigures.count(
                                allocatedKbPerRequest), ReadableFigures.count(heapFreeBytes / (1 << 20)), heapHolds,
                maxConnections));
        String now = admittedNow == null ? "" : String.format(Locale.ROOT, " (with the switch off, its %,d request "
                + "threads)", admittedNow);
        if (admitted != null) {
            lines.add(String.format(Locale.ROOT, "With the switch on, Tomcat lets in up to %,d requests at once "
                            + "unless %s is set%s: %s the safe count. Turning the switch on without a bound can "
                            + "turn an overload into an outage: set %s=%,d.", admitted, boundKey, now,
                    admitted > maxConnections ? String.format(Locale.ROOT, "%.1f x", (double) admitted
                            / maxConnections) : "within", boundKey, maxConnections));
        } else {
            lines.add(String.format(Locale.ROOT, "With the switch on, nothing bounds the requests in progress%s "
                    + "unless the web server's connections are bounded: set %s=%,d.", now,
                    boundKey == null ? "the web server's connection bound" : boundKey, maxConnections));
        }
        return lines;
    }
}
