package dev.vtlab.loadgen.meters;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
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
        return of(atRest, during, seconds, uris, Context.METERS_ONLY);
    }

    /**
     * What a window's ceilings need beyond its meters.
     *
     * @param idleCores        the cores the service used at rest (its collector, JIT, timers, the meter reads):
     *                         taken out of the CPU time the requests cost, and out of the cores they have
     * @param clientCpuSeconds the load generator's CPU time over the window when it shares the service's cores
     *                         (a loopback URL), else 0
     * @param settings         the settings no meter serves, or {@code null} when they were not read
     * @param busiestSecond    whether the cores the busiest second used beyond the mean are taken out of those the
     *                         requests have ({@code process_cpu_usage}, read each second): near a knee a queue forms
     *                         in the seconds the cores are full, before they are full on average
     */
    public record Context(double idleCores, double clientCpuSeconds, ServiceSettings settings,
                          boolean busiestSecond) {

        /** The meters alone: nothing at rest taken out, no load generator beside the service. */
        public static final Context METERS_ONLY = new Context(0, 0, null);

        /** The cores on average: nothing taken out for the busiest second. */
        public Context(double idleCores, double clientCpuSeconds, ServiceSettings settings) {
            this(idleCores, clientCpuSeconds, settings, false);
        }
    }

    /** As {@link #of(MeterSnapshot, List, double, Predicate)}, with {@code context} beside the meters. */
    public static List<MeterCeiling> of(MeterSnapshot atRest, List<MeterSnapshot> during, double seconds,
                                        Predicate<String> uris, Context context) throws MetersUnavailableException {
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
                    pool), connectionSeconds / requests, StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE,
                    from(StandardMeter.HIKARI_MAX, StandardMeter.HIKARI_USE_SECONDS)));
        }
        for (String connector : last.keys(StandardMeter.TOMCAT_THREADS_MAX)) {
            double max = value(last, StandardMeter.TOMCAT_THREADS_MAX, connector);
            // -1 when the requests run on an executor that is not Tomcat's pool (virtual threads). Tomcat meters no
            // queue of its own: requests waiting for a thread are the connections it holds beyond the busy threads.
            if (max > 0) {
                add(ceilings, new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, connector, max,
                        mean(during, s -> s.value(StandardMeter.TOMCAT_THREADS_BUSY, connector)) / rate,
                        StandardMeter.TOMCAT_CONNECTIONS, StandardMeter.TOMCAT_THREADS_BUSY,
                        from(StandardMeter.TOMCAT_THREADS_MAX, StandardMeter.TOMCAT_THREADS_BUSY)));
            }
        }
        ServiceSettings settings = context.settings();
        if (last.keys(StandardMeter.TOMCAT_THREADS_MAX).isEmpty() && last.has(StandardMeter.TOMCAT_SESSIONS_ACTIVE)
                && settings != null && !settings.virtual()) {
            // Tomcat without its thread meters (Boot's default): the size from the settings; each request holds its
            // thread for as long as the service times it (the sum of the requests' times is the integral of those
            // in flight: read each second instead, the in-flight gauge aliases with a steady rate's arrivals).
            double requestSeconds = last.sum(StandardMeter.HTTP_REQUEST_SECONDS, uris).orElse(0)
                    - first.sum(StandardMeter.HTTP_REQUEST_SECONDS, uris).orElse(0);
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", settings.tomcatThreadsMax(),
                    requestSeconds / requests, StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE,
                    settings.tomcatThreads().key() + " = " + settings.tomcatThreads().value() + " ("
                            + settings.tomcatThreads().from() + "); held: "
                            + StandardMeter.HTTP_REQUEST_SECONDS.prometheusName()));
        }
        if (last.has(StandardMeter.JETTY_THREADS_MAX)) {
            double idleBusy = atRest.value(StandardMeter.JETTY_THREADS_BUSY, "").orElse(0);
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "jetty",
                    value(last, StandardMeter.JETTY_THREADS_MAX, "") - idleBusy,
                    (mean(during, s -> s.value(StandardMeter.JETTY_THREADS_BUSY, "")) - idleBusy) / rate,
                    StandardMeter.JETTY_THREADS_JOBS, StandardMeter.JETTY_THREADS_BUSY,
                    from(StandardMeter.JETTY_THREADS_MAX, StandardMeter.JETTY_THREADS_BUSY) + ", less its reading at rest"));
        }
        for (String executor : last.keys(StandardMeter.EXECUTOR_CORE)) {
            double size = last.value(StandardMeter.EXECUTOR_QUEUE_REMAINING, executor).orElse(0) > UNBOUNDED_QUEUE
                    ? value(last, StandardMeter.EXECUTOR_CORE, executor)
                    : value(last, StandardMeter.EXECUTOR_MAX, executor);
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.EXECUTOR, executor, size,
                    hold(first, last, during, executor, requests, rate, StandardMeter.EXECUTOR_ACTIVE),
                    StandardMeter.EXECUTOR_QUEUED, StandardMeter.EXECUTOR_ACTIVE,
                    from(StandardMeter.EXECUTOR_CORE, StandardMeter.EXECUTOR_TASK_SECONDS)));
        }
        for (String pool : last.keys(StandardMeter.FORK_JOIN_PARALLELISM)) {
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.FORK_JOIN_POOL, pool,
                    value(last, StandardMeter.FORK_JOIN_PARALLELISM, pool),
                    hold(first, last, during, pool, requests, rate, StandardMeter.FORK_JOIN_ACTIVE),
                    StandardMeter.FORK_JOIN_QUEUED, StandardMeter.FORK_JOIN_ACTIVE,
                    from(StandardMeter.FORK_JOIN_PARALLELISM, StandardMeter.FORK_JOIN_ACTIVE)));
        }
        if (last.has(StandardMeter.CPU_COUNT) && first.has(StandardMeter.PROCESS_CPU_TIME)
                && last.has(StandardMeter.PROCESS_CPU_TIME)) {
            // As a profiler counts it: the process's CPU time over the window, less what it spends at rest, over
            // the requests; the load generator's own beside it when it runs on the same cores.
            double serviceSeconds = delta(first, last, StandardMeter.PROCESS_CPU_TIME, "") / 1e9
                    - context.idleCores() * seconds;
            boolean shared = context.clientCpuSeconds() > 0;
            double count = value(last, StandardMeter.CPU_COUNT, "");
            double cores = count - context.idleCores();
            double burst = context.busiestSecond() ? beyondTheMean(during, StandardMeter.PROCESS_CPU) * count : 0;
            burst = burst < cores ? burst : 0; // a burst that leaves no cores bounds nothing: the cores on average
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.CPU, shared ? "service + load generator" : "process",
                    cores - burst, (Math.max(0, serviceSeconds) + context.clientCpuSeconds()) / requests,
                    StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU,
                    String.format(Locale.ROOT, "%s less %.2f cores at rest%s; CPU time: %s less its rate at rest%s",
                            StandardMeter.CPU_COUNT.prometheusName(), context.idleCores(), burst == 0 ? ""
                                    : String.format(Locale.ROOT, " and %.2f its busiest second used beyond the mean "
                                    + "(%s)", burst, StandardMeter.PROCESS_CPU.prometheusName()),
                            StandardMeter.PROCESS_CPU_TIME.prometheusName(),
                            shared ? ", and the load generator's (it shares the cores)" : "")));
        } else if (last.has(StandardMeter.CPU_COUNT) && last.has(StandardMeter.PROCESS_CPU)) {
            double cores = value(last, StandardMeter.CPU_COUNT, "");
            add(ceilings, new MeterCeiling(MeterCeiling.Kind.CPU, "process", cores,
                    mean(during, s -> s.value(StandardMeter.PROCESS_CPU, "")) * cores / rate,
                    StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU,
                    from(StandardMeter.CPU_COUNT, StandardMeter.PROCESS_CPU)));
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

    /** Where a ceiling's size and hold came from, when both are meters. */
    private static String from(StandardMeter size, StandardMeter hold) {
        return "size: " + size.prometheusName() + "; held: " + hold.prometheusName();
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

    /** The most {@code meter} read in one of {@code during} less its mean over them; 0 with fewer than two reads. */
    private static double beyondTheMean(List<MeterSnapshot> during, StandardMeter meter) {
        DoubleSummaryStatistics reads = during.stream().map(s -> s.value(meter, ""))
                .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).summaryStatistics();
        return reads.getCount() < 2 ? 0 : reads.getMax() - reads.getAverage();
    }

    private static double mean(List<MeterSnapshot> during, Function<MeterSnapshot, OptionalDouble> value) {
        return during.stream().map(value).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble)
                .average().orElse(0);
    }
}
