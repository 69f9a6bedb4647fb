package dev.vtlab.settings;

import dev.vtlab.adapters.out.jdbc.Dialect;
import dev.vtlab.adapters.out.sleepy.WaitGuard;
import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import dev.vtlab.redaction.Secrets;
import org.springframework.core.env.ConfigurableEnvironment;

import java.net.URI;
import java.sql.DriverManager;
import java.sql.SQLException;
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
 * @param webServer            which web server serves the requests
 * @param fanOut               how {@code /fanout} runs its independent reads, its deadline and each read's delay
 */
public record VtlabSettings(VirtualThreadFlags requested, boolean springVirtualThreads, Duration countDelay,
                            Duration saveDelay, Repository repository, boolean flagsFileFound,
                            Integer labPort, WebServerKind webServer, FanOut fanOut) {

    /**
     * Configuration value: the fan-out of {@code /fanout} (a visitor's card, three independent reads).
     *
     * @param way                 sequential, futures or structured ({@value #FAN_OUT})
     * @param deadline            how long the three reads may take together; past it, a 504 naming the late one
     * @param visitCountDelay     how long the sleepy visit count waits
     * @param lastVisitDelay      how long the sleepy last visit waits
     * @param recommendationDelay how long the sleepy recommendation waits
     */
    public record FanOut(FanOutKind way, Duration deadline, Duration visitCountDelay, Duration lastVisitDelay,
                         Duration recommendationDelay) {
    }

    /**
     * Configuration value: the persistence adapter.
     *
     * @param kind     which adapter
     * @param storeUrl the visit store's base URL (for {@code http}, else {@code null})
     * @param timeout  how long one call to the store may take (used by {@code http})
     * @param guard    the lock the sleepy adapter waits under ({@code none} for the others)
     * @param jdbc     the database and its pool (for {@code jdbc}, else {@code null})
     */
    public record Repository(RepositoryKind kind, URI storeUrl, Duration timeout, WaitGuard guard, Jdbc jdbc) {
    }

    /**
     * Configuration value: the JDBC adapter's database and pool.
     *
     * @param url           the JDBC URL, credentials included ({@code jdbc:h2:...} or {@code jdbc:postgresql:...})
     * @param password      the password from {@code vtlab.repository.password} (so that it need not be in the URL,
     *                      on a command line); {@code null}: none, or in the URL
     * @param poolSize      connections the pool holds at most (HikariCP's default: 10)
     * @param poolTimeout   how long a call waits for a free connection (HikariCP's default: 30 s)
     * @param maxConcurrent the bulkhead: calls allowed to hold or wait for a connection at once; {@code null}: none
     */
    public record Jdbc(String url, String password, int poolSize, Duration poolTimeout, Integer maxConcurrent) {

        /** As a record prints itself, but with the URL's credentials and the password hidden. */
        @Override
        public String toString() {
            return "Jdbc[url=" + Secrets.redact(url) + ", password=" + (password == null ? "none" : Secrets.HIDDEN)
                    + ", poolSize=" + poolSize + ", poolTimeout=" + poolTimeout + ", maxConcurrent=" + maxConcurrent
                    + "]";
        }
    }

    public static final String COUNT_DELAY = "vtlab.repository.count-delay";
    public static final String SAVE_DELAY = "vtlab.repository.save-delay";
    public static final String REPOSITORY_KIND = "vtlab.repository.kind";
    public static final String REPOSITORY_URL = "vtlab.repository.url";
    public static final String REPOSITORY_TIMEOUT = "vtlab.repository.timeout";
    public static final String REPOSITORY_GUARD = "vtlab.repository.guard";
    public static final String POOL_SIZE = "vtlab.repository.pool-size";
    public static final String POOL_TIMEOUT = "vtlab.repository.pool-timeout";
    public static final String MAX_CONCURRENT = "vtlab.repository.max-concurrent";
    /** Read from {@link Secrets#DATABASE_PASSWORD_VARIABLE} in practice: an argument would show it to {@code ps}. */
    public static final String PASSWORD = "vtlab.repository.password";
    public static final String LAB_PORT = "vtlab.lab.port";
    public static final String WEB_SERVER = "vtlab.web-server";
    public static final String FAN_OUT = "vtlab.fan-out";
    public static final String FAN_OUT_DEADLINE = "vtlab.fan-out.deadline";
    public static final String FAN_OUT_VISIT_COUNT_DELAY = "vtlab.fan-out.visit-count-delay";
    public static final String FAN_OUT_LAST_VISIT_DELAY = "vtlab.fan-out.last-visit-delay";
    public static final String FAN_OUT_RECOMMENDATION_DELAY = "vtlab.fan-out.recommendation-delay";
    /** Set by a runner (the matrix, compare): the server exits when that process is gone. */
    public static final String RUNNER_PID = RunnerWatch.RUNNER_PID;
    /** Set by a runner: where the server writes the ports it bound. */
    public static final String PORTS_FILE = ListeningPorts.PORTS_FILE;
    static final String SPRING_VIRTUAL_THREADS = "spring.threads.virtual.enabled";
    static final String FLAGS_FILE = "flags.properties";

    private static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);
    private static final Duration MAX_DELAY = Duration.ofSeconds(60);
    private static final Set<String> KNOWN = new LinkedHashSet<>(List.of(VirtualThreadFlags.TOMCAT,
            VirtualThreadFlags.ASYNC_EXECUTOR, VirtualThreadFlags.WRAPPER, VirtualThreadFlags.REPOSITORY,
            COUNT_DELAY, SAVE_DELAY, REPOSITORY_KIND, REPOSITORY_URL, REPOSITORY_TIMEOUT, REPOSITORY_GUARD,
            POOL_SIZE, POOL_TIMEOUT, MAX_CONCURRENT, PASSWORD, RUNNER_PID, PORTS_FILE, LAB_PORT, WEB_SERVER,
            FAN_OUT, FAN_OUT_DEADLINE, FAN_OUT_VISIT_COUNT_DELAY, FAN_OUT_LAST_VISIT_DELAY,
            FAN_OUT_RECOMMENDATION_DELAY));
    private static final URI DEFAULT_STORE = URI.create("http://127.0.0.1:8081");
    private static final Duration DEFAULT_STORE_TIMEOUT = Duration.ofSeconds(30);
    /** What {@code vtlab-downstream database} serves with its defaults. */
    static final String DEFAULT_DATABASE = "jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab;USER=sa;PASSWORD=";
    /** HikariCP's own defaults, so that the lab starts where a Spring Boot service does. */
    private static final int DEFAULT_POOL_SIZE = 10;
    private static final Duration DEFAULT_POOL_TIMEOUT = Duration.ofSeconds(30);
    /** HikariCP refuses a connection timeout under 250 ms. */
    private static final Duration MIN_POOL_TIMEOUT = Duration.ofMillis(250);
    private static final Duration MAX_POOL_TIMEOUT = Duration.ofMinutes(10);
    /** Well above the three reads' default second each, run one after the other (3 s). */
    private static final Duration DEFAULT_FAN_OUT_DEADLINE = Duration.ofSeconds(10);
    private static final Duration MAX_FAN_OUT_DEADLINE = Duration.ofMinutes(10);

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
        RepositoryKind kind = RepositoryKind.of(settings.choice(REPOSITORY_KIND, RepositoryKind.SLEEPY.label(),
                RepositoryKind.labels()));
        WaitGuard guard = WaitGuard.of(settings.choice(REPOSITORY_GUARD, WaitGuard.NONE.label(),
                new LinkedHashSet<>(WaitGuard.labels())));
        if (guard != WaitGuard.NONE && kind != RepositoryKind.SLEEPY) {
            throw new InvalidSettingException(REPOSITORY_GUARD, "Invalid value '" + guard.label() + "' for "
                    + REPOSITORY_GUARD + ": the guard applies to the sleepy repository only, and "
                    + REPOSITORY_KIND + " is " + kind.label() + ".");
        }
        boolean jdbc = kind == RepositoryKind.JDBC;
        if (!jdbc) {
            settings.rejectSetWithout(List.of(POOL_SIZE, POOL_TIMEOUT, MAX_CONCURRENT),
                    "it applies to the jdbc repository only, and " + REPOSITORY_KIND + " is " + kind.label());
        }
        // Read for sleepy too, as before the kinds were typed: a malformed URL stops start-up whatever the kind.
        URI storeUrl = jdbc ? null : settings.httpUrl(REPOSITORY_URL, DEFAULT_STORE);
        return new VtlabSettings(flags, settings.bool(SPRING_VIRTUAL_THREADS, false),
                settings.duration(COUNT_DELAY, DEFAULT_DELAY, MAX_DELAY),
                settings.duration(SAVE_DELAY, DEFAULT_DELAY, MAX_DELAY),
                new Repository(kind, kind == RepositoryKind.HTTP ? storeUrl : null,
                        storeTimeout, guard, jdbc ? readJdbc(settings) : null),
                settings.loaded(FLAGS_FILE), settings.port(LAB_PORT),
                WebServerKind.of(settings.choice(WEB_SERVER, WebServerKind.TOMCAT.label(), WebServerKind.labels())),
                readFanOut(settings));
    }

    /**
     * The fan-out's way (whether {@code structured} can run on this JVM is the composition root's to check, as it
     * loads it), its deadline (above 0) and the sleepy reads' delays.
     */
    private static FanOut readFanOut(StrictSettings settings) {
        FanOutKind way = FanOutKind.of(settings.choice(FAN_OUT, FanOutKind.SEQUENTIAL.label(), FanOutKind.labels()));
        Duration deadline = settings.duration(FAN_OUT_DEADLINE, DEFAULT_FAN_OUT_DEADLINE, MAX_FAN_OUT_DEADLINE);
        if (deadline.isZero()) {
            throw settings.invalid(FAN_OUT_DEADLINE, settings.text(FAN_OUT_DEADLINE, "0"), ": must be above 0ms.");
        }
        return new FanOut(way, deadline, settings.duration(FAN_OUT_VISIT_COUNT_DELAY, DEFAULT_DELAY, MAX_DELAY),
                settings.duration(FAN_OUT_LAST_VISIT_DELAY, DEFAULT_DELAY, MAX_DELAY),
                settings.duration(FAN_OUT_RECOMMENDATION_DELAY, DEFAULT_DELAY, MAX_DELAY));
    }

    /** The database URL (a dialect the adapter speaks, with its driver on the class path) and the pool. */
    private static Jdbc readJdbc(StrictSettings settings) {
        String url = settings.text(REPOSITORY_URL, DEFAULT_DATABASE);
        if (Dialect.of(url).isEmpty()) {
            throw settings.invalid(REPOSITORY_URL, url, ": the jdbc repository speaks " + Dialect.prefixes() + ".");
        }
        try {
            DriverManager.getDriver(url);
        } catch (SQLException noDriver) {
            throw settings.invalid(REPOSITORY_URL, url, ": no JDBC driver on the class path accepts it ("
                    + noDriver.getMessage() + ").");
        }
        Duration poolTimeout = settings.duration(POOL_TIMEOUT, DEFAULT_POOL_TIMEOUT, MAX_POOL_TIMEOUT);
        if (poolTimeout.compareTo(MIN_POOL_TIMEOUT) < 0) {
            throw settings.invalid(POOL_TIMEOUT, poolTimeout.toMillis() + "ms", ": HikariCP needs at least 250ms.");
        }
        return new Jdbc(url, settings.text(PASSWORD, null), settings.integer(POOL_SIZE, DEFAULT_POOL_SIZE, 1, 10_000), poolTimeout,
                settings.integer(MAX_CONCURRENT, null, 1, 1_000_000));
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
