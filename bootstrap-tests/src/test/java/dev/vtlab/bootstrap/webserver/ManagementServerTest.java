package dev.vtlab.bootstrap.webserver;

import dev.vtlab.bootstrap.RunningServer;
import dev.vtlab.bootstrap.VtlabServer;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jetty.JettyWebServer;
import reactor.netty.resources.LoopResources;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The management server (Actuator's meters) answers on a port of its own, with platform threads of its own, whatever
 * runs the requests: so it answers while the request pool is full, and reports that it is. Waits have deadlines;
 * nothing is timed.
 */
@ExtendWith(OutputCaptureExtension.class)
class ManagementServerTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Pattern TWO_BUSY = Pattern.compile("tomcat_threads_busy_threads\\{name=\"[^\"]+\"} 2\\.0");
    /** Requests in flight, by Micrometer's long task timer (its count), one line per set of tags. */
    private static final Pattern ACTIVE = Pattern.compile("http_server_requests_active_seconds_count\\{[^}]*} (\\d+)");

    @Test
    void the_meters_answer_while_every_request_thread_is_taken_and_say_so() {
        try (RunningServer server = RunningServer.start(false, false, false, false,
                "--server.tomcat.threads.max=2", "--server.tomcat.threads.min-spare=2",
                "--vtlab.repository.count-delay=2s", "--vtlab.repository.save-delay=2s");
             HttpClient client = HttpClient.newHttpClient()) {
            List<CompletableFuture<HttpResponse<Void>>> held = new ArrayList<>();
            for (int i = 0; i < 2; i++) { // one a thread: none waits for another's 4 s
                held.add(client.sendAsync(HttpRequest.newBuilder(server.base().resolve("/sync?name=x"))
                        .timeout(DEADLINE).build(), HttpResponse.BodyHandlers.discarding()));
            }

            String meters = awaitMeters(server, TWO_BUSY);

            assertThat(meters).containsPattern("tomcat_threads_config_max_threads\\{name=\"[^\"]+\"} 2\\.0");
            held.forEach(request -> assertThat(request.join().statusCode()).isEqualTo(200));
        }
    }

    /**
     * The lab's port has platform threads of its own, which Tomcat's thread meters read as -1: a reader of the meters
     * sees the service's request threads alone (with Tomcat's own pool there, a lab read in the second of a meter
     * read showed the lab's connector as a second request-thread ceiling of 200).
     */
    @Test
    void tomcats_thread_meters_count_the_services_request_threads_not_the_lab_ports() throws Exception {
        int labPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            labPort = free.getLocalPort();
        }
        try (RunningServer server = RunningServer.start(false, false, false, false, "--vtlab.lab.port=" + labPort,
                "--server.tomcat.threads.max=7")) {
            assertThat(server.rawGet(URI.create("http://127.0.0.1:" + labPort), "/sync?name=x"))
                    .startsWith("HTTP/1.1 200");
            assertThat(Thread.getAllStackTraces().keySet()).as("the lab port's own threads")
                    .anyMatch(thread -> thread.getName().startsWith(WebServerConfiguration.LAB_THREAD_NAME));

            // Tomcat's meters read JMX, which holds every server this JVM runs: each connector is told by its name.
            String meters = awaitMeters(server, Pattern.compile("tomcat_threads_config_max_threads\\{name=\"[^\"]+-"
                    + labPort + "\"} -1\\.0"));

            assertThat(meters).as("the service's own request threads, beside")
                    .containsPattern("tomcat_threads_config_max_threads\\{name=\"[^\"]+\"} 7\\.0");
        }
    }

    @Test
    void the_jdbc_pool_its_bulkhead_and_the_executors_the_composition_root_makes_are_metered_where_they_are_made() {
        // No database answers here: the pool starts without it, and its meters are there from the start.
        try (RunningServer server = RunningServer.start(false, false, false, false,
                "--vtlab.repository.kind=jdbc", "--vtlab.repository.url=jdbc:h2:tcp://127.0.0.1:1/mem:none",
                "--vtlab.repository.pool-timeout=250ms", "--vtlab.repository.max-concurrent=5")) {
            server.get("/callable?name=x");

            String meters = awaitMeters(server, Pattern.compile("hikaricp_connections_max\\{pool=\"vtlab-db-pool\"} 10\\.0"));

            assertThat(meters).contains("hikaricp_connections_pending{pool=\"vtlab-db-pool\"}",
                    "hikaricp_connections_usage_seconds_count{pool=\"vtlab-db-pool\"}",
                    "executor_seconds_count{name=\"applicationTaskExecutor\",place=\"A\"}",
                    "executor_pool_core_threads{name=\"applicationTaskExecutor\"} 8.0",
                    "bulkhead_calls_max{name=\"vtlab-db-bulkhead\"} 5.0",
                    "bulkhead_calls_active{name=\"vtlab-db-bulkhead\"} 0.0",
                    "bulkhead_calls_rejected_total{name=\"vtlab-db-bulkhead\"}");
        }
    }

    @Test
    void on_tomcat_with_boots_switch_the_management_server_keeps_a_few_platform_threads() {
        WebServer management = managementServerOf("tomcat", server -> {
            Object executor = ((TomcatWebServer) server).getTomcat().getService().findConnectors()[0]
                    .getProtocolHandler().getExecutor();
            assertThat(executor).isInstanceOf(ThreadPoolExecutor.class);
            assertThat(((ThreadPoolExecutor) executor).getMaximumPoolSize()).isEqualTo(ManagementServer.THREADS);
        });
        assertThat(management).isInstanceOf(TomcatWebServer.class);
    }

    @Test
    void on_jetty_with_boots_switch_the_management_server_keeps_a_few_platform_threads() {
        WebServer management = managementServerOf("jetty", server -> {
            assertThat(((JettyWebServer) server).getServer().getThreadPool()).isInstanceOfSatisfying(
                    QueuedThreadPool.class, pool -> assertThat(pool.getName()).isEqualTo(ManagementServer.THREAD_NAME));
        });
        assertThat(management).isInstanceOf(JettyWebServer.class);
    }

    /** On Netty: an event loop of its own, which answers while the main server's is blocked (T off, by design). */
    @Test
    void on_netty_the_meters_answer_while_every_event_loop_thread_is_blocked() {
        int loops = LoopResources.DEFAULT_IO_WORKER_COUNT;
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty",
                "--vtlab.repository.count-delay=2s", "--vtlab.repository.save-delay=2s");
             HttpClient client = HttpClient.newHttpClient()) {
            List<CompletableFuture<HttpResponse<Void>>> held = new ArrayList<>();
            for (int i = 0; i < loops + 1; i++) {
                held.add(client.sendAsync(HttpRequest.newBuilder(server.base().resolve("/sync?name=x"))
                        .timeout(DEADLINE).build(), HttpResponse.BodyHandlers.discarding()));
            }

            awaitMeters(server, meters -> ACTIVE.matcher(meters).results()
                    .mapToInt(active -> Integer.parseInt(active.group(1))).sum() >= loops,
                    "at least " + loops + " requests active");
            assertThat(Thread.getAllStackTraces().keySet()).as("the management server's own event loop")
                    .anyMatch(thread -> thread.getName().startsWith(ManagementServer.THREAD_NAME + "epoll-")
                            || thread.getName().startsWith(ManagementServer.THREAD_NAME + "nio-"));

            held.forEach(request -> assertThat(request.join().statusCode()).isEqualTo(200));
        }
    }

    @Test
    void a_management_port_already_taken_stops_start_up_naming_its_setting(CapturedOutput output) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> RunningServer.startWith("--management.server.port=" + taken.getLocalPort()))
                    .isInstanceOf(RuntimeException.class);
            assertThat(output.getOut()).contains("APPLICATION FAILED TO START")
                    .contains("could not listen on port " + taken.getLocalPort() + " (management.server.port)");
        }
    }

    @Test
    void a_management_port_equal_to_the_servers_stops_start_up_naming_both_settings(CapturedOutput output)
            throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        assertThatThrownBy(() -> RunningServer.startWith("--server.port=" + port, "--management.server.port=" + port))
                .isInstanceOf(RuntimeException.class);
        assertThat(output.getOut()).contains("APPLICATION FAILED TO START")
                .contains("management.server.port (" + port + ") is the same as server.port (" + port + ")")
                .contains("Set management.server.port to another port")
                .doesNotContain("\tat org.springframework.boot.actuate.autoconfigure"); // a report, not a stack trace
    }

    /**
     * Starts the server on {@code webServer} with Boot's switch on (which gives every server Boot makes virtual
     * threads), checks the management server it made, and returns it.
     */
    private static WebServer managementServerOf(String webServer, java.util.function.Consumer<WebServer> check) {
        AtomicReference<WebServer> management = new AtomicReference<>();
        ApplicationListener<WebServerInitializedEvent> listener = event -> {
            if ("management".equals(event.getApplicationContext().getServerNamespace())) {
                management.set(event.getWebServer());
            }
        };
        try (ConfigurableApplicationContext ignored = new SpringApplicationBuilder(VtlabServer.class)
                .listeners(listener).run("--server.port=0", "--management.server.port=0",
                        "--spring.main.banner-mode=off", "--vtlab.web-server=" + webServer,
                        "--spring.threads.virtual.enabled=true")) {
            assertThat(management.get()).as("a management server started").isNotNull();
            check.accept(management.get());
            return management.get();
        }
    }

    /** The Prometheus text once it matches {@code expected}, within the deadline. */
    private static String awaitMeters(RunningServer server, Pattern expected) {
        return awaitMeters(server, meters -> expected.matcher(meters).find(), expected.toString());
    }

    /** The Prometheus text once {@code expected} holds of it, within the deadline. */
    private static String awaitMeters(RunningServer server, Predicate<String> expected, String what) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        String meters = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = server.getFrom(server.management(), "/actuator/prometheus");
            assertThat(response.statusCode()).isEqualTo(200);
            meters = response.body();
            if (expected.test(meters)) {
                return meters;
            }
            sleep();
        }
        throw new AssertionError("no " + what + " in the meters within " + DEADLINE + ":\n" + meters);
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
