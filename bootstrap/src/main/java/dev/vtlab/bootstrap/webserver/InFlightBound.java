package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.RepositoryKind;
import dev.vtlab.settings.VtlabSettings;
import dev.vtlab.settings.WebServerKind;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.Map;
import java.util.stream.StreamSupport;

/**
 * Configuration: bounds the requests the web server holds at once by what the heap can carry. With virtual threads
 * (T) no thread pool limits concurrency any more, and every request the server holds costs heap (its buffers, the
 * parsed request, the response, the virtual thread's stack): without a bound, a large enough burst runs the server
 * out of heap. Connections beyond the bound wait in the kernel's accept queue ({@code server.tomcat.accept-count};
 * Jetty's and Netty's, set in {@link WebServerConfiguration} and {@link NettyServerConfiguration}), where they cost
 * no heap.
 * <pre>
 *   max-connections = (max heap - 96 MB) x 1/2 / cost of one request, between 100 and 8192 (Boot's default)
 *   cost of one request: 64 KB (sleepy and JDBC adapters), 72 KB (HTTP adapter: its client connection too)
 * </pre>
 * The costs are the largest measured ones rounded up (docs/benchmarks.md, "What a held request costs", T on,
 * after the cuts of {@link WebServerConfiguration}: on Tomcat 61.0 and 61.7 KB with the sleepy adapter, 67.0 and
 * 68.9 KB with the HTTP adapter). Jetty gets the same: it held a waiting request in 24.5 to 24.8 KB, but under a
 * steady overload its requests in flight held more (482 MB of heap at 6,502 in flight, then out of memory, with
 * 32 KB assumed; docs/web-servers.md). 96 MB is the server's own heap at rest, and the other half is headroom
 * for garbage not yet collected. On Netty a held request measured 10.8 to 18.9 KB (sync T on and wrapped W on,
 * compare's histogram of 500 and 2,000 held; docs/results/compare-three-stacks): 20 KB, and no cap at Tomcat's
 * default, which Netty does not have.
 * It is only a default:
 * {@code server.tomcat.max-connections}, {@code server.jetty.max-connections} or {@code server.netty.max-connections},
 * set anywhere, wins.
 */
public final class InFlightBound implements EnvironmentPostProcessor {

    static final String MAX_CONNECTIONS = "server.tomcat.max-connections";
    static final String JETTY_MAX_CONNECTIONS = "server.jetty.max-connections";
    /** Boot has no such property for Netty: vtlab reads it ({@link NettyServerConfiguration}), named as the others. */
    static final String NETTY_MAX_CONNECTIONS = "server.netty.max-connections";
    static final long BASELINE_BYTES = 96L << 20;
    public static final long SLEEPY_REQUEST_BYTES = 64L << 10;
    public static final long HTTP_REQUEST_BYTES = 72L << 10;
    /** What a request held on Netty costs (sleepy and JDBC adapters); the HTTP adapter's client adds Tomcat's 8 KB. */
    public static final long NETTY_REQUEST_BYTES = 20L << 10;
    public static final long NETTY_HTTP_REQUEST_BYTES =
            NETTY_REQUEST_BYTES + (HTTP_REQUEST_BYTES - SLEEPY_REQUEST_BYTES);
    static final int MIN = 100;
    static final int MAX = 8192;
    private static final String SOURCE = "vtlab in-flight bound (from the heap)";

    /**
     * Every server's bound (only the running one reads its key). The repository's kind is read leniently here: a
     * bad value is refused, naming its key, when the settings are read.
     */
    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        boolean http = RepositoryKind.HTTP.label().equals(
                environment.getProperty(VtlabSettings.REPOSITORY_KIND, "").strip());
        long heap = Runtime.getRuntime().maxMemory();
        String bound = String.valueOf(maxConnections(heap, http ? HTTP_REQUEST_BYTES : SLEEPY_REQUEST_BYTES));
        String nettyBound = String.valueOf(nettyMaxConnections(heap,
                http ? NETTY_HTTP_REQUEST_BYTES : NETTY_REQUEST_BYTES));
        environment.getPropertySources().addLast(new MapPropertySource(SOURCE,
                Map.of(MAX_CONNECTIONS, bound, JETTY_MAX_CONNECTIONS, bound, NETTY_MAX_CONNECTIONS, nettyBound)));
    }

    /** The bound for a heap of {@code maxHeapBytes} and requests that cost {@code requestBytes} each. */
    public static int maxConnections(long maxHeapBytes, long requestBytes) {
        return bound(maxHeapBytes, requestBytes, MAX);
    }

    /**
     * Netty's bound for a heap of {@code maxHeapBytes} and requests that cost {@code requestBytes} each: as
     * {@link #maxConnections}, without Tomcat's default as a cap (Reactor Netty has no default bound).
     */
    public static int nettyMaxConnections(long maxHeapBytes, long requestBytes) {
        return bound(maxHeapBytes, requestBytes, Integer.MAX_VALUE);
    }

    private static int bound(long maxHeapBytes, long requestBytes, int max) {
        long fit = Math.max(0, maxHeapBytes - BASELINE_BYTES) / 2 / requestBytes;
        return (int) Math.max(MIN, Math.min(max, fit));
    }

    /** The start-up line: the bound in force and, when it is this one, that it was derived from the heap. */
    public static String describe(ConfigurableEnvironment environment, WebServerKind server) {
        String key = key(server);
        return name(server) + " holds at most " + environment.getProperty(key)
                + " connections at once" + (derived(environment, key) ? " (derived from the "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB heap; set " + key + " to choose)" : "");
    }

    /** The setting that bounds {@code server}'s connections. */
    static String key(WebServerKind server) {
        return switch (server) {
            case TOMCAT -> MAX_CONNECTIONS;
            case JETTY -> JETTY_MAX_CONNECTIONS;
            case NETTY -> NETTY_MAX_CONNECTIONS;
        };
    }

    /** The server's name, as the log says it. */
    static String name(WebServerKind server) {
        return switch (server) {
            case TOMCAT -> "Tomcat";
            case JETTY -> "Jetty";
            case NETTY -> "Netty";
        };
    }

    /**
     * Whether the bound in force is this one, rather than a value someone set (in any of Spring's relaxed forms:
     * {@code server.tomcat.maxConnections}, {@code SERVER_TOMCAT_MAXCONNECTIONS}). Spring Boot puts a view of all
     * sources first ({@code configurationProperties}), which contains every key: it is skipped, or every bound
     * would look set by hand.
     */
    static boolean derived(ConfigurableEnvironment environment, String setting) {
        ConfigurationPropertyName key = ConfigurationPropertyName.of(setting);
        return environment.getPropertySources().stream()
                .filter(source -> !ConfigurationPropertySources.isAttachedConfigurationPropertySource(source))
                .filter(source -> StreamSupport.stream(ConfigurationPropertySources.from(source).spliterator(), false)
                        .anyMatch(view -> view.getConfigurationProperty(key) != null))
                .findFirst()
                .map(source -> source.getName().equals(SOURCE)).orElse(false);
    }
}
