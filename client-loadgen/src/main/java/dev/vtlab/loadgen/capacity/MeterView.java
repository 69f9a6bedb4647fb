package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.MeterSampler;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.meters.MeterCeiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Locale;
import java.util.Optional;

/**
 * What the server's standard meters say about a run's binding resource: the same ceiling by Little's law from the
 * meters alone (beside the lab's, from its settings), and the meter a reader would watch in their own service, as
 * it read at the knee.
 *
 * @param ceiling    the binding resource's ceiling from the meters, at the same step as the lab's CPU time
 * @param meterVsLab the meters' ceiling over the lab's
 * @param watch      the Prometheus line that shows requests waiting for it (or how full it is)
 * @param atKnee     what that line and the in-use line read at their peak in the first step that did not hold
 *                   (or the last step, when all held)
 */
public record MeterView(MeterCeiling ceiling, double meterVsLab, String watch, String atKnee) {

    /**
     * The view of {@code predicted} from {@code ceilings} (the meters' at the reference step) and the knee's step;
     * empty when no meter stands for the resource (Netty's event loop, the connections by heap, the bulkhead, the
     * CPU the load generator shares) or the meters were not read.
     */
    static Optional<MeterView> of(Ceiling predicted, List<MeterCeiling> ceilings, CapacityStep knee) {
        if (predicted == null || ceilings == null) {
            return Optional.empty();
        }
        return ceilings.stream().filter(c -> standsFor(predicted.resource(), c)).findFirst().map(c ->
                new MeterView(c, c.rate() / predicted.rate(), c.watchLine(), knee == null ? null
                        : peaks(knee, c)));
    }

    /** The meters' kind and key for each resource the lab names. */
    static boolean standsFor(Resource resource, MeterCeiling ceiling) {
        return switch (resource) {
            case REQUEST_THREADS -> ceiling.kind() == MeterCeiling.Kind.REQUEST_THREADS;
            case JDBC_POOL -> ceiling.kind() == MeterCeiling.Kind.JDBC_POOL;
            case ASYNC_EXECUTOR -> ceiling.kind() == MeterCeiling.Kind.EXECUTOR
                    && ceiling.key().equals("applicationTaskExecutor");
            case COMMON_POOL -> ceiling.kind() == MeterCeiling.Kind.FORK_JOIN_POOL;
            // Netty's event loop is a pool no Micrometer meter sizes (Reactor Netty's own meters are off by default).
            case EVENT_LOOP, CONNECTIONS, BULKHEAD, CPU, SERVER_CPU, LOADGEN_CPU -> false;
        };
    }

    /** e.g. {@code at 24 req/s: hikaricp_connections_pending{pool="p"} peak 23, hikaricp_connections_active{...} peak 10}. */
    private static String peaks(CapacityStep knee, MeterCeiling ceiling) {
        List<Map<String, Double>> reads = knee.seconds().stream().map(RateSummary.Second::meters)
                .filter(Objects::nonNull).toList();
        List<String> lines = ceiling.watch() == ceiling.inUse() ? List.of(ceiling.watchLine())
                : List.of(ceiling.watchLine(), ceiling.inUseLine());
        List<String> parts = new ArrayList<>();
        for (String line : lines) {
            Double peak = MeterSampler.peak(reads, line);
            parts.add(line + " peak " + (peak == null ? "not read" : String.format(Locale.ROOT, "%,.0f", peak)));
        }
        return String.format(Locale.ROOT, "at %s req/s: ", CapacityRun.rate(knee.offeredRate()))
                + String.join(", ", parts);
    }
}
