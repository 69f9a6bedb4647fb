package dev.vtlab.settings;

/**
 * Configuration value: the four places where virtual threads can be switched on, each independently.
 *
 * @param tomcat        T: Tomcat's protocol-handler executor
 * @param asyncExecutor A: Spring's {@code applicationTaskExecutor} (runs {@code Callable} return values)
 * @param wrapper       W: the executor {@code /wrapped} passes to {@code supplyAsync}
 * @param repository    R: the repository's own threads (sleepy, JDBC: where {@code countAsync}/{@code saveAsync}
 *                      wait; HTTP: where its client reads answers)
 */
public record VirtualThreadFlags(boolean tomcat, boolean asyncExecutor, boolean wrapper, boolean repository) {

    public static final String TOMCAT = "vtlab.virtual-threads.tomcat";
    public static final String ASYNC_EXECUTOR = "vtlab.virtual-threads.async-executor";
    public static final String WRAPPER = "vtlab.virtual-threads.wrapper";
    public static final String REPOSITORY = "vtlab.virtual-threads.repository";

    /** The flags as one short label, e.g. {@code T1 A0 W0 R1}. */
    public String label() {
        return "T" + bit(tomcat) + " A" + bit(asyncExecutor) + " W" + bit(wrapper) + " R" + bit(repository);
    }

    /**
     * What {@code spring.threads.virtual.enabled=true} makes of these flags: Spring Boot then puts Tomcat and
     * its own applicationTaskExecutor on virtual threads whatever T and A say. W and R are vtlab's own.
     */
    VirtualThreadFlags withSpringVirtualThreads() {
        return new VirtualThreadFlags(true, true, wrapper, repository);
    }

    private static int bit(boolean on) {
        return on ? 1 : 0;
    }
}
