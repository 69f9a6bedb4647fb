package dev.vtlab.loadgen.meters;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract between the meters this tool reads ({@link StandardMeter}) and what the services serve: vtlab's server
 * on Tomcat (W and R on) and on Jetty, and a service that is not vtlab (its JDBC pool). Every meter the tool reads is
 * served by one of them, by the names it reads, and Prometheus's text and Actuator's JSON read the same values. All
 * real jars, each started once.
 */
class MeterContractTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final HttpClient CLIENT = HttpClients.create(Duration.ofSeconds(5));
    private static final ChildProcesses CHILDREN = new ChildProcesses();

    @TempDir
    static Path logs;
    private static ServerProcess tomcat;
    private static ServerProcess jetty;
    private static ServerProcess orders;

    @BeforeAll
    static void startAll() throws Exception {
        List<String> delays = List.of("--vtlab.repository.count-delay=5ms", "--vtlab.repository.save-delay=5ms");
        tomcat = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(), concat(delays,
                "--vtlab.virtual-threads.wrapper=true", "--vtlab.virtual-threads.repository=true"),
                logs.resolve("tomcat.log"), CLIENT, TIMEOUT, CHILDREN);
        jetty = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(), concat(delays,
                "--vtlab.web-server=jetty"), logs.resolve("jetty.log"), CLIENT, TIMEOUT, CHILDREN);
        orders = ServerProcess.start(ServerJar.java(), List.of(), ServerJar.otherServicePath(),
                List.of("--server.port=0", "--management.server.port=0", "--orders.query-time=5ms"),
                "/orders/count", logs.resolve("orders.log"), CLIENT, TIMEOUT, CHILDREN);
        for (String mode : List.of("/sync", "/async", "/wrapped", "/callable")) {
            get(tomcat.base().resolve(mode + "?name=a"));
            get(jetty.base().resolve(mode + "?name=a"));
        }
        get(orders.base().resolve("/orders/count"));
    }

    @AfterAll
    static void stopAll() {
        CHILDREN.killAll();
    }

    @Test
    void every_meter_the_tool_reads_is_served_under_its_name_by_one_of_the_services() throws Exception {
        Set<StandardMeter> served = EnumSet.noneOf(StandardMeter.class);
        for (ServerProcess service : List.of(tomcat, jetty, orders)) {
            prometheus(service).readings().forEach(r -> served.add(r.meter()));
        }
        Set<StandardMeter> expected = EnumSet.allOf(StandardMeter.class);
        if (Runtime.version().feature() < 24) {
            expected.remove(StandardMeter.VIRTUAL_THREADS); // the JDK's scheduler meters came with JDK 24
        }
        if (!(new CompletableFuture<Void>().defaultExecutor() instanceof ForkJoinPool)) {
            // supplyAsync's default is no pool here (JDK 21 with a parallelism of 1): nothing to meter.
            expected.removeAll(List.of(StandardMeter.FORK_JOIN_ACTIVE, StandardMeter.FORK_JOIN_PARALLELISM,
                    StandardMeter.FORK_JOIN_QUEUED));
        }

        assertThat(served).containsAll(expected);
    }

    @Test
    void vtlabs_server_meters_each_place_under_the_name_that_says_which() throws Exception {
        MeterSnapshot meters = prometheus(tomcat);

        assertThat(meters.keys(StandardMeter.EXECUTOR_TASKS)).contains("wrapperExecutor", "repositoryThreads");
        assertThat(meters.keys(StandardMeter.EXECUTOR_CORE)).contains("applicationTaskExecutor");
        assertThat(meters.value(StandardMeter.TOMCAT_THREADS_MAX, meters.keys(StandardMeter.TOMCAT_THREADS_MAX)
                .iterator().next())).hasValue(200);
        assertThat(meters.keys(StandardMeter.HTTP_REQUESTS)).contains("/sync", "/async", "/wrapped", "/callable");
        assertThat(prometheus(jetty).value(StandardMeter.JETTY_THREADS_MAX, "")).hasValue(200);
        assertThat(prometheus(orders).value(StandardMeter.HIKARI_MAX, "orders-pool")).hasValue(4);
    }

    @Test
    void prometheus_text_and_actuators_json_read_the_same_sizes() throws Exception {
        for (ServerProcess service : List.of(tomcat, jetty, orders)) {
            MeterSnapshot text = prometheus(service);
            MeterSnapshot json = MeterSource.open(CLIENT, management(service).resolve("/actuator/metrics")).read();
            for (StandardMeter size : List.of(StandardMeter.TOMCAT_THREADS_MAX, StandardMeter.JETTY_THREADS_MAX,
                    StandardMeter.EXECUTOR_CORE, StandardMeter.HIKARI_MAX, StandardMeter.CPU_COUNT)) {
                for (String key : text.keys(size)) {
                    assertThat(json.value(size, key)).as("%s %s", size, key).isEqualTo(text.value(size, key));
                }
            }
            assertThat(MeterCeilings.requests(json, MeterCeilings.SERVICE_URIS))
                    .as("requests, management endpoints left out")
                    .isEqualTo(MeterCeilings.requests(text, MeterCeilings.SERVICE_URIS));
        }
    }

    private static MeterSnapshot prometheus(ServerProcess service) throws Exception {
        MeterSource source = MeterSource.open(CLIENT, management(service).resolve("/actuator/prometheus"));
        assertThat(source.format()).isEqualTo(MeterSource.Format.PROMETHEUS);
        return source.read();
    }

    private static URI management(ServerProcess service) {
        return service.uri(ListeningPorts.MANAGEMENT);
    }

    private static void get(URI uri) throws Exception {
        HttpResponse<Void> response = CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(response.statusCode()).as(uri.toString()).isEqualTo(200);
    }

    private static List<String> concat(List<String> first, String... more) {
        return java.util.stream.Stream.concat(first.stream(), java.util.stream.Stream.of(more)).toList();
    }
}
