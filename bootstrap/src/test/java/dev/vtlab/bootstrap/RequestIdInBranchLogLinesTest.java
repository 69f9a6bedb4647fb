package dev.vtlab.bootstrap;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.adapters.out.fanout.FutureReads;
import dev.vtlab.adapters.out.fanout.SequentialReads;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.IndependentReads.Read;
import dev.vtlab.settings.VtlabSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.mock.env.MockEnvironment;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The request id in the log line each branch writes, rendered with the server's own correlation pattern
 * ({@code logging.pattern.correlation} in application.properties): the fan-out the composition root builds for
 * {@code sequential}, for {@code futures} (on a two-thread pool standing in for W's executor) and for
 * {@code structured} (on the root's own virtual threads; this module's tests run with preview features on) shows it
 * in every branch's line. Without the root's wrapping, {@code futures} on the same pool and {@code structured} on
 * plain virtual threads show none; {@code sequential} needs no wrapping (its branches run on the caller's thread).
 * Lines are told apart by branch names of their own, since other tests may log from this JVM at the same time.
 */
class RequestIdInBranchLogLinesTest {

    private static final String KEY = FanOutController.REQUEST_ID_KEY;
    private static final String FAN_OUT_LOGGER = "dev.vtlab.adapters.out.fanout";

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final Logger logger = (Logger) LoggerFactory.getLogger(FAN_OUT_LOGGER);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final String tag = UUID.randomUUID().toString().substring(0, 8);
    private Level levelBefore;
    private PatternLayout serversPattern;

    @BeforeEach
    void capture() throws IOException {
        String correlation = PropertiesLoaderUtils.loadProperties(new ClassPathResource("application.properties"))
                .getProperty("logging.pattern.correlation");
        assertThat(correlation).as("application.properties sets logging.pattern.correlation").isNotNull();
        serversPattern = new PatternLayout();
        serversPattern.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        serversPattern.setPattern(correlation + "%m");
        serversPattern.start();
        levelBefore = logger.getLevel();
        logger.setLevel(Level.INFO); // the server's default level: the lines are there without any setting
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
        logger.setLevel(levelBefore);
        pool.shutdownNow();
        MDC.remove(KEY);
    }

    /** The fan-out the composition root makes for {@code way}, W's executor being {@link #pool}. */
    private IndependentReads builtByTheRoot(String way) {
        String whyNot = StructuredFanOutTest.whyItCannotRunHere();
        assumeTrue(!way.equals("structured") || whyNot == null, whyNot);
        MockEnvironment environment = new MockEnvironment().withProperty(VtlabSettings.FAN_OUT, way);
        return CompositionRoot.fanOut(VtlabSettings.read(environment), pool);
    }

    private List<Read<?>> threeReads() {
        return List.of(new Read<>(tag + "-a", () -> 1L), new Read<>(tag + "-b", () -> "never"),
                new Read<>(tag + "-c", () -> "docs/capacity.md"));
    }

    /** This test's branch lines, as the server's pattern writes them (correlation slot, then the message). */
    private List<String> branchLines() {
        return lines.list.stream().filter(line -> line.getFormattedMessage().startsWith("read " + tag + "-"))
                .map(serversPattern::doLayout).sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"sequential", "futures", "structured"})
    void each_way_as_the_root_builds_it_writes_the_id_in_each_branchs_line(String way) {
        MDC.put(KEY, "req-" + tag);

        builtByTheRoot(way).readAll(threeReads());

        assertThat(branchLines()).containsExactly("[req-" + tag + "] read " + tag + "-a answered",
                "[req-" + tag + "] read " + tag + "-b answered", "[req-" + tag + "] read " + tag + "-c answered");
    }

    /**
     * Each way as the root would build it without its one fix: the executor and the thread factory as they are.
     * {@code sequential} needs none, its branches run on the caller's thread.
     */
    private IndependentReads withoutTheRootsWrapping(String way) {
        Duration deadline = Duration.ofSeconds(10);
        return switch (way) {
            case "sequential" -> new SequentialReads(deadline, KEY);
            case "futures" -> new FutureReads(pool, deadline, KEY);
            default -> {
                String whyNot = StructuredFanOutTest.whyItCannotRunHere();
                assumeTrue(whyNot == null, whyNot);
                yield StructuredFanOut.load(Thread.ofVirtual().factory(), deadline, KEY);
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"futures", "structured"})
    void without_the_roots_wrapping_the_branches_on_other_threads_write_lines_with_no_id(String way) {
        MDC.put(KEY, "req-" + tag);

        withoutTheRootsWrapping(way).readAll(threeReads());

        assertThat(branchLines()).containsExactly("[] read " + tag + "-a answered", "[] read " + tag + "-b answered",
                "[] read " + tag + "-c answered");
    }

    @Test
    void without_any_wrapping_the_branches_one_after_the_other_keep_the_id_on_the_callers_thread() {
        MDC.put(KEY, "req-" + tag);

        withoutTheRootsWrapping("sequential").readAll(threeReads());

        assertThat(branchLines()).containsExactly("[req-" + tag + "] read " + tag + "-a answered",
                "[req-" + tag + "] read " + tag + "-b answered", "[req-" + tag + "] read " + tag + "-c answered");
    }

    @ParameterizedTest
    @ValueSource(strings = {"futures", "structured"})
    void a_failing_branch_writes_its_line_with_the_id_too(String way) {
        MDC.put(KEY, "req-" + tag);
        List<Read<?>> reads = List.of(new Read<>(tag + "-a", () -> {
            throw new IllegalStateException("the store is down");
        }));

        IndependentReads fanOut = builtByTheRoot(way);
        try {
            fanOut.readAll(reads);
        } catch (BranchFailedException expected) {
            // the failure itself is IndependentReadsTest's (StructuredReadsTest's); here only its line
        }

        assertThat(branchLines()).containsExactly("[req-" + tag + "] read " + tag + "-a failed: the store is down");
    }
}
