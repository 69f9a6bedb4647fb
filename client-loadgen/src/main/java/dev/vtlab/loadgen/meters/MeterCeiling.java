package dev.vtlab.loadgen.meters;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Locale;

/**
 * One ceiling a service's meters show: {@code size} requests can hold the resource at once, each for
 * {@code holdSeconds}, so at most {@code size / holdSeconds} a second (Little's law).
 *
 * @param kind        what kind of resource
 * @param key         which one: the pool's name, the executor's, the connector's
 * @param size        how many can hold it at once, as its meter says
 * @param holdSeconds how long one request holds it, from the meters
 * @param watch       the meter that shows requests waiting for it (or, where there is none, how full it is)
 * @param inUse       the meter that shows how many hold it now
 * @param from        which meters or settings its size and hold came from ({@code null} in reports written before)
 */
public record MeterCeiling(Kind kind, String key, double size, double holdSeconds, StandardMeter watch,
                           StandardMeter inUse, String from) {

    /** What the resource is, as a reader's service has it. */
    public enum Kind {
        REQUEST_THREADS("request threads"),
        JDBC_POOL("JDBC pool"),
        EXECUTOR("executor"),
        FORK_JOIN_POOL("fork-join pool"),
        CPU("CPU"),
        /**
         * The heap, where nothing else bounds the requests in flight (Boot's switch on): its size is the requests
         * in flight it holds with half of it left for garbage.
         */
        HEAP("heap");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /**
         * What Spring Boot's switch ({@code spring.threads.virtual.enabled=true}) does to this ceiling: request
         * threads go (each request gets a virtual thread of its own, and the next ceiling binds); a pool of
         * connections, an executor of fixed size or the cores stay as they are.
         */
        public boolean goesWithVirtualThreads() {
            return this == REQUEST_THREADS;
        }
    }

    /** Requests per second at most. */
    @JsonProperty("rate")
    public double rate() {
        return size / holdSeconds;
    }

    /** e.g. {@code JDBC pool vtlab-db-pool}. */
    public String name() {
        return kind.label() + (key.isEmpty() ? "" : " " + key);
    }

    /** The Prometheus line to watch, e.g. {@code hikaricp_connections_pending{pool="vtlab-db-pool"}}. */
    public String watchLine() {
        return line(watch);
    }

    public String inUseLine() {
        return line(inUse);
    }

    private String line(StandardMeter meter) {
        return meter.prometheusName() + (meter.keyTag() == null || key.isEmpty() ? ""
                : "{" + meter.keyTag() + "=\"" + key + "\"}");
    }

    /** What virtual threads would do to it, in words. */
    @JsonProperty("withVirtualThreads")
    public String withVirtualThreads() {
        return kind.goesWithVirtualThreads() ? "gone: the next ceiling binds" : "unchanged";
    }

    /** One line for a terminal: size, hold and ceiling to sensible digits. */
    public String describe() {
        return String.format(Locale.ROOT, "%-36s %6s / %8s = %9s req/s   watch %s", name(), ReadableFigures.count(size),
                ReadableFigures.millis(holdSeconds * 1000), ReadableFigures.rate(rate()), watchLine());
    }
}
