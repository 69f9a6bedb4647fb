package dev.vtlab.lab;

import dev.vtlab.bootstrap.RunningServer;
import dev.vtlab.adapters.Downstreams;
import dev.vtlab.settings.VirtualThreadFlags;
import dev.vtlab.lab.ThreadPlacement.LayerPlacement;
import dev.vtlab.downstream.database.VisitDatabase;
import dev.vtlab.downstream.visitstore.VisitStore;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proves the map of the sample: for all 16 flag combinations and all four endpoints, which pool and kind of thread
 * ran each layer (with the HTTP and JDBC adapters, for each flag alone, none and all). Each flag moves exactly the
 * layers it governs (T: web entry; A: the Callable body; W: the wrapped call; R: the repository under /async) and
 * nothing else. No timing is asserted.
 */
class ThreadPlacementByFlagTest {

    /** What {@code supplyAsync} without an executor runs on: older JDKs (17 checked) start a thread per task when
     * the common pool's parallelism is 1; JDK 25 uses the common pool whatever its size. Asserted as this JDK does. */
    private static final String DEFAULT_ASYNC_POOL = new CompletableFuture<Void>().defaultExecutor()
            instanceof ForkJoinPool ? "ForkJoinPool\\.commonPool-worker-" : "Thread-";

    record Flags(boolean t, boolean a, boolean w, boolean r) {
        /** How many of the four are on. */
        int on() {
            return Stream.of(t, a, w, r).mapToInt(on -> on ? 1 : 0).sum();
        }

        /** The test's name: the label the server gives these flags. */
        @Override
        public String toString() {
            return new VirtualThreadFlags(t, a, w, r).label();
        }
    }

    /** The pool as a regular expression (a thread name without its number), and the kind. */
    record Expected(String pool, ThreadKind kind) {
        static Expected of(boolean virtual, String virtualPool, String platformPool) {
                return virtual ? new Expected(virtualPool, ThreadKind.VIRTUAL)
                    : new Expected(platformPool, ThreadKind.PLATFORM);
        }
    }

    static Stream<Flags> allCombinations() {
        return IntStream.range(0, 16).mapToObj(bits ->
                new Flags((bits & 8) != 0, (bits & 4) != 0, (bits & 2) != 0, (bits & 1) != 0));
    }

    /**
     * All off, each flag on alone, all on: for the other adapters. That the flags do not act on one another is
     * proven on all 16 with the sleepy adapter; an adapter only changes what the repository's layers run on, so
     * each flag alone (and all together) shows what it changes there, on six servers instead of sixteen.
     */
    static Stream<Flags> eachFlagAloneAndTogether() {
        return allCombinations().filter(flags -> flags.on() <= 1 || flags.on() == 4);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allCombinations")
    void each_flag_moves_only_the_layers_it_governs(Flags flags) {
        try (RunningServer server = RunningServer.start(flags.t(), flags.a(), flags.w(), flags.r(),
                "--vtlab.repository.count-delay=50ms", "--vtlab.repository.save-delay=50ms")) {
            assertTheMap(server, flags, Expected.of(flags.r(), "vt-repository-", DEFAULT_ASYNC_POOL));
        }
    }

    /**
     * The HTTP adapter over a store on loopback: the same map, but for {@code /async}. There no thread waits for
     * the store, and {@code HttpClient.sendAsync} hands every answer to {@code supplyAsync}'s default executor
     * (a JDK rule), so the repository layers and the completion run there whatever R says; R only chooses the
     * client's own executor, which reads the answers.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("eachFlagAloneAndTogether")
    void with_the_http_adapter_async_completes_where_the_jdk_client_hands_its_answers(Flags flags) {
        try (VisitStore store = Downstreams.visitStore(0, Duration.ofMillis(50));
             RunningServer server = RunningServer.start(flags.t(), flags.a(), flags.w(), flags.r(),
                     "--vtlab.repository.kind=http", "--vtlab.repository.url=" + store.url())) {
            assertTheMap(server, flags, Expected.of(false, "", DEFAULT_ASYNC_POOL));
            assertThat(store.saved()).as("one visit per endpoint, saved at the store").isEqualTo(4);
        }
    }

    /**
     * The JDBC adapter over H2 on loopback: the same map as the sleepy adapter's. Its async calls wait on R's
     * executor (they hold a connection while the database waits), so R moves the repository under /async.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("eachFlagAloneAndTogether")
    void with_the_jdbc_adapter_r_moves_the_repository_under_async(Flags flags) throws Exception {
        try (VisitDatabase database = Downstreams.database(0);
             RunningServer server = RunningServer.start(flags.t(), flags.a(), flags.w(), flags.r(),
                     "--vtlab.repository.kind=jdbc", "--vtlab.repository.url=" + database.jdbcUrl(),
                     "--vtlab.repository.count-delay=50ms", "--vtlab.repository.save-delay=50ms")) {
            assertTheMap(server, flags, Expected.of(flags.r(), "vt-repository-", DEFAULT_ASYNC_POOL));
            assertThat(database.countVisits()).as("one visit per endpoint, saved in the database").isEqualTo(4);
        }
    }

    /** Every endpoint once; {@code asyncRepository} is where the repository's futures complete under /async. */
    private static void assertTheMap(RunningServer server, Flags flags, Expected asyncRepository) {
        String tomcatPool = "http-nio-127.0.0.1-\\S+-exec-"; // the port, or "auto-N" for a free port
        Expected entry = Expected.of(flags.t(), "vt-tomcat-", tomcatPool);
        Expected appTask = Expected.of(flags.a(), "vt-app-task-", "task-");
        Expected wrapper = Expected.of(flags.w(), "vt-wrapper-", DEFAULT_ASYNC_POOL);

        assertPlacement(server, "/sync", Map.of(Layer.WEB_ENTRY, entry, Layer.REPOSITORY_COUNT, entry,
                Layer.REPOSITORY_SAVE, entry, Layer.WEB_COMPLETION, entry));
        assertPlacement(server, "/async", Map.of(Layer.WEB_ENTRY, entry, Layer.REPOSITORY_COUNT, asyncRepository,
                Layer.REPOSITORY_SAVE, asyncRepository, Layer.WEB_COMPLETION, asyncRepository));
        assertPlacement(server, "/wrapped", Map.of(Layer.WEB_ENTRY, entry, Layer.WRAPPER, wrapper,
                Layer.REPOSITORY_COUNT, wrapper, Layer.REPOSITORY_SAVE, wrapper, Layer.WEB_COMPLETION, wrapper));
        assertPlacement(server, "/callable", Map.of(Layer.WEB_ENTRY, entry, Layer.ASYNC_EXECUTOR, appTask,
                Layer.REPOSITORY_COUNT, appTask, Layer.REPOSITORY_SAVE, appTask, Layer.WEB_COMPLETION, appTask));
    }

    /** One request to the path; every layer it names ran once on the expected pool; no other layer ran. */
    private static void assertPlacement(RunningServer server, String path, Map<Layer, Expected> expected) {
        server.bean(ThreadPlacement.class).reset();
        assertThat(server.get(path + "?name=Ada").statusCode()).as(path).isEqualTo(200);

        Map<Layer, LayerPlacement> placement = new EnumMap<>(server.bean(ThreadPlacement.class).snapshot());
        for (Layer layer : Layer.values()) {
            LayerPlacement seen = placement.get(layer);
            Expected want = expected.get(layer);
            if (want == null) {
                assertThat(seen.pools()).as("%s %s should not run", path, layer).isEmpty();
            } else {
                assertThat(seen.pools()).as("%s %s", path, layer).singleElement().satisfies(pool -> {
                    assertThat(pool.pool()).matches(want.pool());
                    assertThat(pool.kind()).isEqualTo(want.kind());
                    assertThat(pool.calls()).isEqualTo(1);
                });
            }
        }
    }
}
