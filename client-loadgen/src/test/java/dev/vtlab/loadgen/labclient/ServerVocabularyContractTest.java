package dev.vtlab.loadgen.labclient;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The load generator's words for the server's are the server's own, checked against the real server: the layers
 * of {@link ServerLayer} are exactly those {@code /lab/threads} names, in its order, and a {@link Combination}'s
 * arguments set the flags its label says, in the label the server itself writes. A layer or flag renamed, added or
 * removed on either side fails here, not in a report that silently shows an empty column. On Tomcat and on Jetty:
 * the lab's answers mean the same on both.
 */
class ServerVocabularyContractTest {

    /** Every flag different from its neighbour's, so that a swapped key or bit shows. */
    private static final Combination COMBINATION = Combination.parse("T1 A0 W1 R0");
    private static final HttpClient CLIENT = HttpClients.create(Duration.ofSeconds(5));
    private static final ChildProcesses CHILDREN = new ChildProcesses();

    @TempDir
    static Path logs;
    /** The server on each web server: the lab must say the same on all three. */
    private static final Map<String, URI> BASES = new LinkedHashMap<>();

    @BeforeAll
    static void start() throws Exception {
        for (String webServer : List.of("tomcat", "jetty", "netty")) {
            List<String> args = new ArrayList<>(COMBINATION.serverArgs());
            args.addAll(List.of("--vtlab.repository.count-delay=5ms", "--vtlab.repository.save-delay=5ms",
                    "--vtlab.web-server=" + webServer, "--vtlab.fan-out=futures",
                    "--vtlab.fan-out.visit-count-delay=5ms", "--vtlab.fan-out.last-visit-delay=5ms",
                    "--vtlab.fan-out.recommendation-delay=5ms"));
            ServerProcess server = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(), args,
                    logs.resolve(webServer + ".log"), CLIENT, Duration.ofSeconds(90), CHILDREN);
            BASES.put(webServer, server.base());
        }
    }

    private static LabClient lab(String webServer) {
        return new LabClient(CLIENT, BASES.get(webServer));
    }

    @AfterAll
    static void stop() {
        CHILDREN.killAll();
    }

    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty", "netty"})
    void the_server_reports_exactly_the_layers_the_load_generator_knows(String webServer) throws Exception {
        assertThat(lab(webServer).threads().layers().keySet())
                .containsExactlyElementsOf(Arrays.stream(ServerLayer.values()).map(Enum::name).toList());
    }

    /**
     * The records ignore keys they do not know (the lab may say more than the load generator reads), so a key the
     * server renamed would silently read as 0 or null: a quiet server that is not, a pool never seen. Every field
     * each record reads must be a key of the server's answer, in nested records too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty", "netty"})
    void every_field_the_load_generator_reads_is_in_the_servers_answer(String webServer) throws Exception {
        Map<String, Class<? extends Record>> answers = Map.of("/lab/load", LabLoad.class,
                "/lab/environment", ServerEnvironment.class, "/lab/jvm", ServerJvm.class,
                "/lab/visits", LabClient.Visits.class, "/lab/fanout", FanOutAftermath.class);
        for (Map.Entry<String, Class<? extends Record>> answer : answers.entrySet()) {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(BASES.get(webServer).resolve(answer.getKey()))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(answer.getKey()).isEqualTo(200);
            assertCarries(Json.MAPPER.readTree(response.body()), answer.getValue(), webServer + " " + answer.getKey());
        }
        assertThat(lab(webServer).environment().webServer().server()).isEqualTo(webServer);
    }

    private static void assertCarries(JsonNode json, Class<?> type, String where) {
        for (RecordComponent field : type.getRecordComponents()) {
            assertThat(json.has(field.getName())).as("%s has the key %s (%s reads it); it answered %s", where,
                    field.getName(), type.getSimpleName(), json).isTrue();
            JsonNode value = json.get(field.getName());
            if (field.getType().isRecord() && value.isObject()) {
                assertCarries(value, field.getType(), where + " " + field.getName());
            }
        }
    }

    /**
     * One card, then the lab's {@code /lab/fanout} read into the load generator's record: the way the server ran,
     * the card counted as answered, each branch's thread carrying the request's id (the composition root's fix)
     * and named in {@code /lab/threads}, and the environment's way and read delays as the server was started with.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty", "netty"})
    void the_fan_outs_counts_and_settings_read_as_the_server_reports_them(String webServer) throws Exception {
        LabClient lab = lab(webServer);
        lab.reset();
        HttpResponse<String> card = CLIENT.send(HttpRequest.newBuilder(BASES.get(webServer).resolve("/fanout"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
        FanOutAftermath counts = lab.fanOut();
        assertThat(counts.way()).isEqualTo("futures");
        assertThat(counts.answered()).isEqualTo(1);
        assertThat(counts.failed()).isZero();
        assertThat(counts.readsStartedAfterTheAnswer()).isZero();
        // each branch on W's virtual threads, each carrying the request's id (made by the server: none was sent)
        assertThat(List.of(counts.branchesWithTheRequestId(), counts.branchesWithNoRequestId(),
                counts.branchesWithAnotherRequestsId())).containsExactly(3L, 0L, 0L);
        assertThat(lab.threads().pools(ServerLayer.FAN_OUT_BRANCH)).singleElement().satisfies(pool -> {
            assertThat(pool.pool()).isEqualTo("vt-wrapper-");
            assertThat(pool.kind()).isEqualTo("VIRTUAL");
            assertThat(pool.calls()).isEqualTo(3);
        });
        assertThat(lab.environment().fanOut()).isEqualTo(new ServerEnvironment.FanOut("futures", 5, 5, 5));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty", "netty"})
    void a_combination_sets_the_flags_its_label_names(String webServer) throws Exception {
        ServerEnvironment.Flags flags = lab(webServer).environment().flags();

        assertThat(flags.label()).isEqualTo(COMBINATION.label());
        assertThat(List.of(flags.tomcat(), flags.asyncExecutor(), flags.wrapper(), flags.repository()))
                .containsExactly(COMBINATION.t(), COMBINATION.a(), COMBINATION.w(), COMBINATION.r());
    }
}
