package dev.vtlab.loadgen.meters;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Little's law from a service's standard meters alone, over a window of steady load: for each pool the meters
 * show, its size and how long each request holds it, so at most {@code size / hold} requests a second.
 * How long a request holds a pool comes from the pool's own timer where it has one (HikariCP's usage: connection
 * seconds per request; an executor's task time), else from how many of it were in use on average while the
 * requests went through
 * (Little's law read the other way: in use = rate x hold). Requests are {@code http.server.requests} of the
 * URIs the load went to: a service answers others meanwhile (a health check, vtlab's lab), and counting them would
 * spread the pool's hold over requests that never took it.
 */
public final class MeterCeilings {

    /** A queue longer than this counts as unbounded: the pool then grows no further than its core. */
    private static final double UNBOUNDED_QUEUE = 1e6;
    /** Every URI but the management endpoints', when they share the service's port. */
    public static final Predicate<String> SERVICE_URIS = uri -> !uri.startsWith("/actuator");

    private MeterCeilings() {
    }

    /**
     * The ceilings {@code during} shows: snapshots taken at equal steps through {@code seconds} of steady load, the
     * first at its start and the last at its end; {@code atRest} before any load (Jetty's pool counts its acceptor
     * and selectors as busy even then); {@code uris} the URIs the load went to. Pools that no request used are left
     * out.
     *
     * @throws MetersUnavailableException when the meters lack the service's request count, or it did not grow
     */
    public static List<MeterCeiling> of(MeterSnapshot atRest, List<MeterSnapshot> during, double seconds,
                                        Predicate<String> uris) throws MetersUnavailableException {
        MeterSnapshot first = during.getFirst();
        MeterSnapshot last = during.getLast();
        double requests = requests(last, uris) - requests(first, uris);
        if (!last.has(StandardMeter.HTTP_REQUESTS)) {
            throw new MetersUnavailableException("the meters lack " + StandardMeter.HTTP_REQUESTS.prometheusName()
                    + " (the requests the service answered: Spring MVC or WebFlux with Actuator)");
        }
        if (!(requests > 0) || !(seconds > 0)) {
            throw new MetersUnavailableException(StandardMeter.HTTP_REQUESTS.prometheusName()
                    + " did not grow while requests were sent: are they served by this service?");
        }
        double rate = requests / seconds;
        List<MeterCeiling> ceilings = new ArrayList<>();
        for (String pool : last.keys(StandardMeter.HIKARI_MAX)) {
            double connectionSeconds = delta(first, last, StandardMeter.HIKARI_USE_SECONDS, pool);
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, pool, value(last, StandardMeter.HIKARI_MAX,
                    pool), connectionSeconds / requests, StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE));
        }
        for (String connector : last.keys(StandardMeter.TOMCAT_THREADS_MAX)) {
            double max = value(last, StandardMeter.TOMCAT_THREADS_MAX, connector);
            // -1 when the requests run on an executor that is not Tomcat's pool (virtual threads). Tomcat meters no
            // queue of its own: requests waiting for a thread are the connections it holds beyond the busy threads.
            if (max > 0) {
                add(ceilings, new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, connector, max,
                        mean(during, s -> s.value(StandardMeter.TOMCAT_THREADS_BUSY, connector)) / rate,
                        StandardMeter.TOMCAT_CONNECTIONS, StandardMeter.TOMCAT_THREADS_BUSY));
            }
        }
        if (last.has(StandardMeter.JETTY_THREADS_MAX)) {
            double idleBusy = atRest.value(StandardMeter.JETTY_THREADS_BUSY, "").orElse(0);
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "jetty",
                    value(last, StandardMeter.JETTY_THREADS_MAX, "") - idleBusy,
                    (mean(during, s -> s.value(StandardMeter.JETTY_THREADS_BUSY, "")) - idleBusy) / rate,
                    StandardMeter.JETTY_THREADS_JOBS, StandardMeter.JETTY_THREADS_BUSY));
        }
        for (String executor : last.keys(StandardMeter.EXECUTOR_CORE)) {
            double size = last.value(StandardMeter.EXECUTOR_QUEUE_REMAINING, executor).orElse(0) > UNBOUNDED_QUEUE
                    ? value(last, StandardMeter.EXECUTOR_CORE, executor)
                    : value(last, StandardMeter.EXECUTOR_MAX, executor);
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.EXECUTOR, executor, size,
                    hold(first, last, during, executor, requests, rate, StandardMeter.EXECUTOR_ACTIVE),
                    StandardMeter.EXECUTOR_QUEUED, StandardMeter.EXECUTOR_ACTIVE));
        }
        for (String pool : last.keys(StandardMeter.FORK_JOIN_PARALLELISM)) {
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.FORK_JOIN_POOL, pool,
                    value(last, StandardMeter.FORK_JOIN_PARALLELISM, pool),
                    hold(first, last, during, pool, requests, rate, StandardMeter.FORK_JOIN_ACTIVE),
                    StandardMeter.FORK_JOIN_QUEUED, StandardMeter.FORK_JOIN_ACTIVE));
        }
        if (last.has(StandardMeter.CPU_COUNT) && last.has(StandardMeter.PROCESS_CPU)) {
            double cores = value(last, StandardMeter.CPU_COUNT, "");
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.CPU, "process", cores,
                    mean(during, s -> s.value(StandardMeter.PROCESS_CPU, "")) * cores / rate,
                    StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU));
        }
        ceilings.sort(Comparator.comparingDouble(MeterCeiling::rate));
        return List.copyOf(ceilings);
    }

    /**
     * How long a request holds executor {@code key}: its task seconds per request when it times its tasks
     * ({@code executor_seconds}, as Micrometer's executor binding and vtlab's composition root time them), else how
     * many of its threads were in use on average, over the rate.
     */
    private static double hold(MeterSnapshot first, MeterSnapshot last, List<MeterSnapshot> during, String key,
                               double requests, double rate, StandardMeter inUse) {
        double taskSeconds = delta(first, last, StandardMeter.EXECUTOR_TASK_SECONDS, key);
        return taskSeconds > 0 ? taskSeconds / requests : mean(during, s -> s.value(inUse, key)) / rate;
    }

    /** The lowest ceiling: the one that binds first. */
    public static Optional<MeterCeiling> binding(List<MeterCeiling> ceilings) {
        return ceilings.stream().min(Comparator.comparingDouble(MeterCeiling::rate));
    }

    /** The requests to {@code uris} so far. */
    public static double requests(MeterSnapshot snapshot, Predicate<String> uris) {
        return snapshot.sum(StandardMeter.HTTP_REQUESTS, uris).orElse(0);
    }

    /**
     * The URI whose requests grew most from {@code first} to {@code last} (the management endpoints' aside): where
     * a load sent to one page went, as the service names it (its route, e.g. {@code /orders/{id}}).
     */
    public static Predicate<String> busiestUri(MeterSnapshot first, MeterSnapshot last) {
        String busiest = last.keys(StandardMeter.HTTP_REQUESTS).stream().filter(SERVICE_URIS)
                .max(Comparator.comparingDouble(uri -> last.value(StandardMeter.HTTP_REQUESTS, uri).orElse(0)
                        - first.value(StandardMeter.HTTP_REQUESTS, uri).orElse(0)))
                .orElse(null);
        return uri -> uri.equals(busiest);
    }

    /** A pool no request held has no ceiling to show. */
    private static void add(List<MeterCeiling> ceilings, MeterCeiling ceiling) {
        if (ceiling.size() > 0 && ceiling.holdSeconds() > 0 && Double.isFinite(ceiling.rate())) {
            ceilings.add(ceiling);
        }
    }

    private static double value(MeterSnapshot snapshot, StandardMeter meter, String key) {
        return snapshot.value(meter, key).orElse(Double.NaN);
    }

    private static double delta(MeterSnapshot first, MeterSnapshot last, StandardMeter meter, String key) {
        return last.value(meter, key).orElse(0) - first.value(meter, key).orElse(0);
    }

    private static double mean(List<MeterSnapshot> during, Function<MeterSnapshot, OptionalDouble> value) {
        return during.stream().map(value).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble)
                .average().orElse(0);
    }
}
