package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ReadableFigures;
import dev.vtlab.loadgen.meters.StandardMeter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The heap as a ceiling, where nothing else bounds the requests in flight (Boot's virtual-thread switch on: no pool
 * of request threads). Each request in flight holds what {@link HeapCost} measured, so the heap beyond its use at
 * rest holds so many at once, half of it left for garbage not yet collected (the bound the report recommends); each
 * holds its place for as long as the service times it, so at most that many over that time a second (Little's law).
 * Past it nothing stops the requests piling up in the heap: other-service's threads-bound page with the switch on
 * ran out of heap in the search's first step, at 0.8 x a CPU ceiling no step reached (docs/results/ceilings-real-services/README.md), and
 * never answered again. So the search keeps its steps to that many requests in flight at once, as the bound on the
 * service would; a rate that needs more waits in the load generator, and its step breaks on its latency.
 */
final class HeapCeiling {

    private HeapCeiling() {
    }

    /**
     * The heap's ceiling at {@code holdSeconds} a request, when {@code ceilings} has no request threads, the heap is
     * metered and a request's heap was measured over {@code points}; empty otherwise (assumed, it bounds nothing a
     * search should rely on).
     */
    static Optional<MeterCeiling> of(CeilingSearch.AtRest atRest, List<MeterCeiling> ceilings,
                                     List<CeilingSearch.HeapPoint> points, double holdSeconds) {
        if (atRest == null || atRest.heapMaxBytes() == null || atRest.heapUsedBytes() == null || !(holdSeconds > 0)
                || ceilings.stream().anyMatch(c -> c.kind() == MeterCeiling.Kind.REQUEST_THREADS)) {
            return Optional.empty();
        }
        HeapCost cost = HeapCost.of(points);
        if (!cost.measured()) {
            return Optional.empty();
        }
        double free = atRest.heapMaxBytes() - atRest.heapUsedBytes();
        return Optional.of(new MeterCeiling(MeterCeiling.Kind.HEAP, "", cost.safeCount(free), holdSeconds,
                StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, String.format(Locale.ROOT,
                "requests in flight: %s MB of %s beyond its use at rest at %s KB a request (%s), half of it left "
                        + "for garbage; held: %s", ReadableFigures.count((double) Math.round(free / (1 << 20))),
                StandardMeter.HEAP_MAX.prometheusName(), ReadableFigures.count(cost.kbPerRequest()), cost.from(),
                StandardMeter.HTTP_REQUEST_SECONDS.prometheusName())));
    }

    /** {@code heap} at the time a request held its place in {@code heapPoint}, at {@code completionRate}. */
    static Optional<MeterCeiling> at(MeterCeiling heap, CeilingSearch.HeapPoint heapPoint, Double completionRate) {
        double hold = holdSeconds(heapPoint, completionRate);
        return hold > 0 ? Optional.of(new MeterCeiling(heap.kind(), heap.key(), heap.size(), hold, heap.watch(),
                heap.inUse(), heap.from())) : Optional.empty();
    }

    /**
     * How long a request was in flight, by Little's law from those in flight on average and the rate they completed
     * at; NaN when either is unknown.
     */
    static double holdSeconds(CeilingSearch.HeapPoint heapPoint, Double completionRate) {
        return heapPoint == null || completionRate == null || !(completionRate > 0) ? Double.NaN
                : heapPoint.inFlight() / completionRate;
    }

    /** {@code ceilings} with {@code heap} among them, lowest first. */
    static List<MeterCeiling> with(List<MeterCeiling> ceilings, MeterCeiling heap) {
        List<MeterCeiling> all = new ArrayList<>(ceilings);
        all.add(heap);
        all.sort(Comparator.comparingDouble(MeterCeiling::rate));
        return List.copyOf(all);
    }

    /** The heap's ceiling among {@code ceilings}, if the search added one. */
    static Optional<MeterCeiling> in(List<MeterCeiling> ceilings) {
        return ceilings == null ? Optional.empty()
                : ceilings.stream().filter(c -> c.kind() == MeterCeiling.Kind.HEAP).findFirst();
    }
}
