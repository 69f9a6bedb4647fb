package dev.vtlab.adapters.config;

import org.springframework.core.env.ConfigurableEnvironment;

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
 */
public record VtlabSettings(VirtualThreadFlags requested, boolean springVirtualThreads, Duration countDelay,
                            Duration saveDelay) {

    public static final String COUNT_DELAY = "vtlab.repository.count-delay";
    public static final String SAVE_DELAY = "vtlab.repository.save-delay";
    static final String SPRING_VIRTUAL_THREADS = "spring.threads.virtual.enabled";
    static final String FLAGS_FILE = "flags.properties";

    private static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);
    private static final Duration MAX_DELAY = Duration.ofSeconds(60);
    private static final Set<String> KNOWN = new LinkedHashSet<>(List.of(VirtualThreadFlags.TOMCAT,
            VirtualThreadFlags.ASYNC_EXECUTOR, VirtualThreadFlags.WRAPPER, VirtualThreadFlags.REPOSITORY,
            COUNT_DELAY, SAVE_DELAY));

    /** Reads and validates; throws {@link InvalidSettingException} naming the first bad key. */
    public static VtlabSettings read(ConfigurableEnvironment environment) {
        StrictSettings settings = new StrictSettings(environment);
        settings.rejectUnknownKeys("vtlab.", KNOWN, FLAGS_FILE);
        VirtualThreadFlags flags = new VirtualThreadFlags(
                settings.bool(VirtualThreadFlags.TOMCAT, false),
                settings.bool(VirtualThreadFlags.ASYNC_EXECUTOR, false),
                settings.bool(VirtualThreadFlags.WRAPPER, false),
                settings.bool(VirtualThreadFlags.REPOSITORY, false));
        return new VtlabSettings(flags, settings.bool(SPRING_VIRTUAL_THREADS, false),
                settings.duration(COUNT_DELAY, DEFAULT_DELAY, MAX_DELAY),
                settings.duration(SAVE_DELAY, DEFAULT_DELAY, MAX_DELAY));
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
