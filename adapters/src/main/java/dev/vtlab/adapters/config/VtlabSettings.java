package dev.vtlab.adapters.config;

import dev.vtlab.adapters.out.persistence.Guard;
import org.springframework.core.env.ConfigurableEnvironment;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Configuration value: everything vtlab reads at start-up, validated.
 *
 * @param requested            the flags as set in flags.properties, arguments or the environment
 * @param springVirtualThreads {@code spring.threads.virtual.enabled}
 * @param countDelay           how long the repository's count blocks
 * @param saveDelay            how long the repository's save blocks
 * @param repository           which persistence adapter serves the port, and where its store is
 * @param flagsFileFound       whether a flags.properties was read (in the working directory or its parent)
 * @param labPort              a second loopback port that serves the lab (and everything else) outside the
 *                             main connector's limits, to watch the server during a burst; {@code null}: none
 */
public record VtlabSettings(VirtualThreadFlags requested, boolean springVirtualThreads, Duration countDelay,
                            Duration saveDelay, Repository repository, boolean flagsFileFound,
                            Integer labPort) {

    /**
     * Configuration value: the persistence adapter.
     *
     * @param kind    {@code sleepy} (in memory, sleeps) or {@code http} (the visit store over HTTP)
     * @param url     the visit store's base URL (used by {@code http})
     * @param timeout how long one call to the store may take (used by {@code http})
     * @param guard   the lock the sleepy adapter waits under ({@code none} for {@code http})
     */
    public record Repository(String kind, URI url, Duration timeout, Guard guard) {
        public static final String SLEEPY = "sleepy";
        public static final String HTTP = "http";

        public boolean http() {
            return HTTP.equals(kind);
        }
    }

    public static final String COUNT_DELAY = "vtlab.repository.count-delay";
    public static final String SAVE_DELAY = "vtlab.repository.save-delay";
    public static final String REPOSITORY_KIND = "vtlab.repository.kind";
    public static final String REPOSITORY_URL = "vtlab.repository.url";
    public static final String REPOSITORY_TIMEOUT = "vtlab.repository.timeout";
    public static final String REPOSITORY_GUARD = "vtlab.repository.guard";
    public static final String LAB_PORT = "vtlab.lab.port";
    static final String SPRING_VIRTUAL_THREADS = "spring.threads.virtual.enabled";
    static final String FLAGS_FILE = "flags.properties";

    private static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);
    private static final Duration MAX_DELAY = Duration.ofSeconds(60);
    private static final Set<String> KNOWN = new LinkedHashSet<>(List.of(VirtualThreadFlags.TOMCAT,
            VirtualThreadFlags.ASYNC_EXECUTOR, VirtualThreadFlags.WRAPPER, VirtualThreadFlags.REPOSITORY,
            COUNT_DELAY, SAVE_DELAY, REPOSITORY_KIND, REPOSITORY_URL, REPOSITORY_TIMEOUT, REPOSITORY_GUARD,
            RunnerWatch.RUNNER_PID, LAB_PORT));
    private static final URI DEFAULT_STORE = URI.create("http://127.0.0.1:8081");
    private static final Duration DEFAULT_STORE_TIMEOUT = Duration.ofSeconds(30);

    /** Reads and validates; throws {@link InvalidSettingException} naming the first bad key. */
    public static VtlabSettings read(ConfigurableEnvironment environment) {
        StrictSettings settings = new StrictSettings(environment);
        settings.acceptByteOrderMark(FLAGS_FILE);
        settings.rejectDuplicateKeys(FLAGS_FILE);
        settings.rejectUnknownKeys("vtlab.", KNOWN, FLAGS_FILE);
        settings.rejectUnknownEnvironmentVariables("vtlab.", KNOWN);
        VirtualThreadFlags flags = new VirtualThreadFlags(
                settings.bool(VirtualThreadFlags.TOMCAT, false),
                settings.bool(VirtualThreadFlags.ASYNC_EXECUTOR, false),
                settings.bool(VirtualThreadFlags.WRAPPER, false),
                settings.bool(VirtualThreadFlags.REPOSITORY, false));
        Duration storeTimeout = settings.duration(REPOSITORY_TIMEOUT, DEFAULT_STORE_TIMEOUT, MAX_DELAY);
        if (storeTimeout.isZero()) {
            throw new InvalidSettingException(REPOSITORY_TIMEOUT, "Invalid value '0' for " + REPOSITORY_TIMEOUT
                    + ": must be above 0ms.");
        }
        String kind = settings.choice(REPOSITORY_KIND, Repository.SLEEPY,
                new LinkedHashSet<>(List.of(Repository.SLEEPY, Repository.HTTP)));
        Guard guard = Guard.of(settings.choice(REPOSITORY_GUARD, Guard.NONE.label(),
                new LinkedHashSet<>(Guard.labels())));
        if (guard != Guard.NONE && Repository.HTTP.equals(kind)) {
            throw new InvalidSettingException(REPOSITORY_GUARD, "Invalid value '" + guard.label() + "' for "
                    + REPOSITORY_GUARD + ": the guard applies to the sleepy repository only, and "
                    + REPOSITORY_KIND + " is http.");
        }
        return new VtlabSettings(flags, settings.bool(SPRING_VIRTUAL_THREADS, false),
                settings.duration(COUNT_DELAY, DEFAULT_DELAY, MAX_DELAY),
                settings.duration(SAVE_DELAY, DEFAULT_DELAY, MAX_DELAY),
                new Repository(kind, settings.httpUrl(REPOSITORY_URL, DEFAULT_STORE), storeTimeout, guard),
                settings.loaded(FLAGS_FILE), settings.port(LAB_PORT));
    }

    /** The flags the server actually applies. */
    public VirtualThreadFlags effective() {
        return springVirtualThreads ? requested.withSpringVirtualThreads() : requested;
    }

    /** The flags {@code spring.threads.virtual.enabled=true} overrides (set off but run on), e.g. {@code [T, A]}. */
    public List<String> overriddenBySpring() {
        List<String> overridden = new ArrayList<>();
        if (springVirtualThreads && !requested.tomcat()) {
            overridden.add("T");
        }
        if (springVirtualThreads && !requested.asyncExecutor()) {
            overridden.add("A");
        }
        return overridden;
    }
}
