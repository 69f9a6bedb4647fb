package dev.vtlab.loadgen.compare;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract between the two servers {@code compare} measures: the reactive reference answers what vtlab's
 * {@code /sync} answers (the same fields, of the same JSON types, the same greeting), refuses what it refuses, and
 * both answer {@code POST /lab/jvm/histogram} with a histogram the load generator reads. Both real jars.
 */
class ReferenceContractTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** What vtlab's lab adds to every answer, and the reference does not measure. */
    private static final List<String> LAB_FIELDS = List.of("acceptedBy", "completedBy");
    private static final HttpClient CLIENT = HttpClients.create(Duration.ofSeconds(5));
    private static final ChildProcesses CHILDREN = new ChildProcesses();

    @TempDir
    static Path logs;
    private static ServerProcess vtlab;
    private static ServerProcess reference;

    @BeforeAll
    static void startBoth() throws Exception {
        vtlab = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.repository.count-delay=5ms", "--vtlab.repository.save-delay=5ms"),
                logs.resolve("vtlab.log"), CLIENT, TIMEOUT, CHILDREN);
        reference = ServerProcess.start(ServerJar.java(), List.of(), ServerJar.referencePath(),
                List.of("--server.port=0", "--reference.count-delay=5ms", "--reference.save-delay=5ms"), "/reactive",
                logs.resolve("reference.log"), CLIENT, TIMEOUT, CHILDREN);
    }

    @AfterAll
    static void stopBoth() {
        CHILDREN.killAll();
    }

    @Test
    void the_reference_answers_the_json_shape_of_sync() throws Exception {
        HttpResponse<String> sync = get(vtlab.base().resolve("/sync?name=Ada"));
        HttpResponse<String> reactive = get(reference.base().resolve("/reactive?name=Ada"));

        assertThat(sync.statusCode()).isEqualTo(200);
        assertThat(reactive.statusCode()).isEqualTo(200);
        assertThat(reactive.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        JsonNode fromVtlab = Json.MAPPER.readTree(sync.body());
        JsonNode fromReference = Json.MAPPER.readTree(reactive.body());
        // vtlab's lab adds which threads accepted and completed the request (ThreadReportAdvice); the greeting is
        // the rest, and the reference must answer exactly that.
        Map<String, String> greeting = shape(fromVtlab);
        assertThat(greeting).containsKeys(LAB_FIELDS.toArray(String[]::new));
        LAB_FIELDS.forEach(greeting::remove);
        assertThat(shape(fromReference)).isEqualTo(greeting).containsOnlyKeys("message", "who", "visitorNumber");
        assertThat(fromReference.path("who").asString()).isEqualTo(fromVtlab.path("who").asString());
        assertThat(fromReference.path("message").asString()).startsWith("Hello, Ada! You are visitor number ");
    }

    @Test
    void both_refuse_a_blank_name_with_a_problem_detail() throws Exception {
        for (URI uri : List.of(vtlab.base().resolve("/sync?name=%20%20"),
                reference.base().resolve("/reactive?name=%20%20"))) {
            HttpResponse<String> response = get(uri);
            assertThat(response.statusCode()).as(uri.toString()).isEqualTo(400);
            assertThat(Json.MAPPER.readTree(response.body()).path("status").asInt()).isEqualTo(400);
        }
    }

    @Test
    void both_answer_a_class_histogram_the_comparison_reads() throws Exception {
        for (ServerProcess server : List.of(vtlab, reference)) {
            HeapHistogram histogram = new Contender("server", server.base(), server.base(), server.pid())
                    .liveHistogram(CLIENT);
            assertThat(histogram.totalBytes()).isPositive();
            assertThat(histogram.bytesByClass()).containsKey("java.lang.String");
        }
    }

    private static HttpResponse<String> get(URI uri) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Field name to JSON node type, in order. */
    private static Map<String, String> shape(JsonNode object) {
        Map<String, String> shape = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(object.propertyNames());
        names.forEach(name -> shape.put(name, object.get(name).getNodeType().name()));
        return shape;
    }
}
