package dev.vtlab.loadgen.ceilings;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.ServiceSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ceilings} on a service that is not vtlab (no {@code /lab}), through its meters and settings: the command on
 * the pool-bound page, through Actuator's JSON, finds the pool, names the meter to watch, runs its steps and writes
 * what it measured (counts and names are asserted, never rates). And its probe names the resource that binds each of other-service's three pages, from its meters and
 * settings alone: the pool of 4 connections for a slow query, Tomcat's 20 request threads for a slow call (no Tomcat
 * thread meters: their size from {@code /actuator/env}, their use from the requests in flight), the cores for a page
 * that computes (one probe window each: the binding resource is asserted, not whether the CPU a request costs
 * settled). The resources are far apart (the test lengthens the call so that the threads bind at 50 req/s, a
 * tenth of what the cores carry), and each page is warmed first, so the binding one is not a measurement's luck.
 * <p>
 * It runs beside other test classes. On a loopback URL the CPU's ceiling counts the load generator's CPU time, and
 * in this JVM that would be every class's: another class's work once made the CPU the lowest ceiling of the
 * pool-bound page (116 ms of CPU a request, 110 of them "the load generator's"). So the command runs in a JVM of its
 * own, as a reader runs it, and the probes here count the service's CPU alone, as for a service on another machine.
 */
class OtherServiceCeilingsTest {

    private static final HttpClient CLIENT = HttpClients.create(Duration.ofSeconds(5));
    private static final ChildProcesses CHILDREN = new ChildProcesses();
    private static final Duration WINDOW = Duration.ofSeconds(CeilingSearch.minimumProbeSeconds());
    /** The command's whole search (a 4 s probe, 3 s steps up to 16 req/s) with room for a busy machine. */
    private static final Duration COMMAND_DEADLINE = Duration.ofSeconds(120);

    @TempDir
    static Path logs;
    private static ServerProcess orders;
    private static MeterSource meters;
    private static CeilingSearch search;
    private static CeilingSearch.AtRest atRest;

    @BeforeAll
    static void start() throws Exception {
        orders = ServerProcess.start(ServerJar.java(), List.of(), ServerJar.otherServicePath(),
                List.of("--server.port=0", "--management.server.port=0", "--orders.call-time=400ms"),
                "/orders/count", logs.resolve("orders.log"), CLIENT, Duration.ofSeconds(90), CHILDREN);
        URI metrics = orders.uri(ListeningPorts.MANAGEMENT).resolve("/actuator/prometheus");
        meters = MeterSource.open(CLIENT, metrics);
        // The load generator's CPU not counted (the plan's last argument): in this JVM it would be every class's.
        search = new CeilingSearch(new RateRun(Duration.ofSeconds(5), Duration.ofSeconds(30)),
                new CeilingSearch.Plan(5, WINDOW, WINDOW, Duration.ofSeconds(3), Duration.ofSeconds(1),
                        0, null, 1000, false));
        warm(orders.base().resolve("/orders/count"), 4, 4); // 0.8 s: four connections, 200 ms each
        warm(orders.base().resolve("/orders/status"), 4, 20); // 1.6 s: twenty threads, 400 ms each
        warm(orders.base().resolve("/orders/report"), 25, 8);
        atRest = search.atRest(meters, ServiceSettings.read(CLIENT, metrics));
    }

    @AfterAll
    static void stop() {
        CHILDREN.killAll();
    }

    @Test
    void the_settings_no_meter_serves_are_read_from_the_services_env_endpoint() {
        assertThat(atRest.settings().tomcatThreads().value()).isEqualTo("20");
        assertThat(atRest.settings().tomcatThreads().from()).endsWith("/actuator/env/server.tomcat.threads.max");
        assertThat(atRest.settings().virtualThreads().value()).isEqualTo("false");
        assertThat(atRest.settings().virtualThreads().from()).startsWith("Boot's default: not set");
        assertThat(atRest.webServer()).isEqualTo("tomcat");
    }

    @Test
    void a_slow_query_is_bound_by_the_pool_which_the_command_finds_names_and_searches(@TempDir Path dir)
            throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.executeInItsOwnJvm(COMMAND_DEADLINE,
                "ceilings", "--url", orders.base() + "/orders/count",
                "--metrics", orders.uri(ListeningPorts.MANAGEMENT) + "/actuator/metrics",
                "--probe-rate", "5", "--probe-time", "4s", "--probe-max-time", "4s", "--step-time", "3s",
                "--step-warmup", "1s", "--bisections", "0", "--max-rate", "16",
                "--output-dir", dir.resolve("out").toString());

        assertThat(outcome.exitCode()).as(outcome.out() + outcome.err()).isIn(0, 1);
        assertThat(outcome.out()).contains("(ACTUATOR)", "binding: JDBC pool orders-pool at ",
                "watch hikaricp_connections_pending{pool=\"orders-pool\"}", "With spring.threads.virtual.enabled=true");
        CeilingsResult result = Json.MAPPER.readValue(dir.resolve("out/ceilings.json").toFile(), CeilingsResult.class);
        assertThat(result.binding().name()).isEqualTo("JDBC pool orders-pool");
        assertThat(result.binding().size()).isEqualTo(4);
        assertThat(result.probe().atRest().settings().tomcatThreads().value()).isEqualTo("20");
        // The first step offers 0.8 x the binding ceiling, at most the most asked for; whether it held (and a lower
        // one followed) is a measurement.
        assertThat(result.steps()).isNotEmpty();
        assertThat(result.steps().getFirst().offeredRate()).isEqualTo(RateLadder.rounded(Math.min(
                CeilingSearch.START_SHARE * result.binding().rate(), 16)));
        assertThat(result.finished()).isTrue();
        assertThat(Files.readString(dir.resolve("out/ceilings.md")))
                .contains("| JDBC pool orders-pool | 4 |", "`hikaricp_connections_pending{pool=\"orders-pool\"}`",
                        "| request threads tomcat | 20 |", "## With virtual threads");
    }

    @Test
    void a_slow_call_is_bound_by_the_request_threads_sized_from_the_settings() throws Exception {
        MeterCeiling binding = binding("/orders/status");

        assertThat(binding.name()).isEqualTo("request threads tomcat");
        assertThat(binding.size()).isEqualTo(20);
        assertThat(binding.from()).startsWith("server.tomcat.threads.max = 20 (")
                .endsWith("held: http_server_requests_seconds_sum");
        assertThat(binding.withVirtualThreads()).isEqualTo("gone: the next ceiling binds");
    }

    @Test
    void a_page_that_computes_is_bound_by_the_cores() throws Exception {
        MeterCeiling binding = binding("/orders/report");

        assertThat(binding.kind()).isEqualTo(MeterCeiling.Kind.CPU);
        // The service's CPU alone (the load generator's is not counted here), from its CPU time counter or, when a
        // read of the window lacked that counter, from the usage gauge: "process" either way.
        assertThat(binding.name()).isEqualTo("CPU process");
        assertThat(binding.withVirtualThreads()).isEqualTo("unchanged");
    }

    private static MeterCeiling binding(String page) throws Exception {
        CeilingSearch.Probe probe = search.probe(orders.base().resolve(page), meters, atRest, window -> { });
        assertThat(probe.windows()).isNotEmpty();
        return probe.ceilings().getFirst();
    }

    /** {@code rounds} of {@code atOnce} requests: the page's code compiled before its CPU is counted. */
    private static void warm(URI page, int rounds, int atOnce) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(page).timeout(Duration.ofSeconds(30)).build();
        for (int round = 0; round < rounds; round++) {
            List<CompletableFuture<HttpResponse<Void>>> sent = new ArrayList<>();
            for (int i = 0; i < atOnce; i++) {
                sent.add(CLIENT.sendAsync(request, HttpResponse.BodyHandlers.discarding()));
            }
            for (CompletableFuture<HttpResponse<Void>> response : sent) {
                assertThat(response.get(30, java.util.concurrent.TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
        }
    }
}
