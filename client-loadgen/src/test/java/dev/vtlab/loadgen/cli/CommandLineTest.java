package dev.vtlab.loadgen.cli;

import com.sun.net.httpserver.HttpServer;

import dev.vtlab.loadgen.cli.CommandLineTestSupport.Outcome;
import dev.vtlab.loadgen.LoadGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** Bad command lines print usage and exit 2; an unreachable server is one clear line and exit 1. */
class CommandLineTest {

    private static Outcome execute(String... args) {
        return CommandLineTestSupport.execute(args);
    }

    /**
     * picocli runs each description through String.format: a lone '%' makes it print a warning and the raw text
     * in --help ({@code capacity --help} once opened on "[picocli WARN] Could not format"). The annotations' own
     * text is checked, as picocli reads it: each command's description, and its options' and its mixins' (such as
     * PlanOptions).
     */
    @Test
    void every_description_is_a_valid_format_string() {
        CommandLine cli = LoadGenerator.commandLine();
        List<Class<?>> types = Stream.concat(Stream.of(cli), cli.getSubcommands().values().stream())
                .map(CommandLine::getCommandSpec)
                .flatMap(command -> Stream.concat(Stream.of(command), command.mixins().values().stream()))
                .<Class<?>>map(spec -> spec.userObject().getClass())
                .distinct()
                .toList();
        List<String> descriptions = Stream.concat(
                        types.stream().map(type -> type.getAnnotation(CommandLine.Command.class)).filter(Objects::nonNull)
                                .flatMap(command -> Stream.of(command.description())),
                        types.stream().flatMap(type -> Stream.of(type.getDeclaredFields()))
                                .map(field -> field.getAnnotation(CommandLine.Option.class)).filter(Objects::nonNull)
                                .flatMap(option -> Stream.of(option.description())))
                .toList();

        assertThat(descriptions).hasSizeGreaterThan(50)
                .allSatisfy(text -> assertThatCode(() -> String.format(text)).as(text).doesNotThrowAnyException());
    }

    @Test
    @ResourceLock(Resources.SYSTEM_ERR) // it reads System.err: no other class writes there meanwhile
    void capacity_help_opens_on_its_usage_not_a_warning() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        Outcome outcome;
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            outcome = execute("capacity", "--help");
        } finally {
            System.setErr(stderr);
        }
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.out()).startsWith("Usage: vtlab-loadgen capacity").contains("99% completed");
        assertThat(warnings.toString(StandardCharsets.UTF_8) + outcome.err())
                .doesNotContain("picocli WARN");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "run --bogus",
            "run --requests 0",
            "run --requests -5",
            "run --requests 10 --concurrency 11",
            "run --requests 10 --concurrency 0",
            "run --url not-a-url",
            "run --url ftp://127.0.0.1:8080",
            "run --mode turbo",
            "run --timeout soon",
            "run --rate 0",
            "run --rate -5",
            "run --rate lots",
            "run --rate 10 --duration 500ms",
            "run --rate 10 --duration 120m",
            "run --rate 10 --duration 5s --warmup-time 5s",
            "run --rate 10 --arrivals bursty",
            "run --rate 10 --requests 100",
            "run --rate 10 --warmup 100",
            "run --rate 1000 --timeout 60s",
            "run --rate 300 --duration 60m",
            "run --rate 10 --duration 2h",
            "run --duration 10s",
            "run --warmup-time 2s",
            "run --arrivals poisson",
            "run --histogram-log run.hlog",
            "run --server-cores 0",
            "matrix --server-cores 0",
            "capacity --server-cores 4096",
            "matrix --profile huge",
            "matrix --flags T,X",
            "matrix --modes sync,turbo",
            "matrix --requests 0",
            "matrix --heap lots",
            "matrix --server-arg vtlab.virtual-threads.tomcat=true",
            "matrix --common-pool-parallelism 0",
            "matrix --repository postgres",
            "matrix --repeat 0",
            "matrix --server-java 17",
            "matrix --server-java /no/such/jdk",
            "matrix --guard mutex",
            "matrix --guard synchronized --repository http",
            "matrix --repeat 21",
            "matrix --server-arg vtlab.repository.kind=http",
            "matrix --pool-size 10",
            "matrix --repository jdbc --pool-size 0",
            "matrix --repository jdbc --max-concurrent lots",
            "matrix --repository jdbc --max-concurrent 0",
            "matrix --repository jdbc --database-url jdbc:mysql://127.0.0.1/vtlab",
            "matrix --database-url jdbc:postgresql://127.0.0.1/vtlab",
            "matrix --repository jdbc --guard synchronized",
            "matrix --repository jdbc --server-arg vtlab.repository.pool-size=3",
            "matrix --downstream-jar /no/such.jar",
            "matrix --server-arg vtlab.repository.guard=synchronized",
            "matrix --server-arg vtlab.repository.count-delay=5ms",
            "capacity --profile huge",
            "capacity --modes turbo",
            "capacity --flags X",
            "capacity --step-time 1s",
            "capacity --step-time 11m",
            "capacity --bisections 7",
            "capacity --max-rate 0",
            "capacity --max-rate 50000",
            "capacity --heap lots",
            "capacity --pool-size 10",
            "capacity --repository jdbc --max-concurrent 0",
            "capacity --server-java 17",
            "compare --bursts 0",
            "compare --rounds 0",
            "compare --heap lots",
            "compare --delay 10ms",
            "compare --bursts 50000",
            "compare --reference-jar /no/such.jar",
            "compare --web-server undertow",
            "matrix --web-server undertow",
            "capacity --web-server undertow",
            "compare --web-server tomcat-boot",
            "matrix --server-arg vtlab.web-server=jetty",
            "matrix --server-arg spring.threads.virtual.enabled=true",
            "run --rate 10 --metrics not-a-url",
            "ceilings",
            "ceilings --url http://127.0.0.1:1/orders",
            "ceilings --url http://127.0.0.1:1/orders --metrics ftp://127.0.0.1/metrics",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/actuator/prometheus",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --probe-time 1s",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --probe-rate 0",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --step-time 5s --step-warmup 5s",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --max-rate -1",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --probe-time 30s --probe-max-time 20s",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --beside /no/such/ceilings.json",
            "ceilings --url http://127.0.0.1:1/orders --metrics http://127.0.0.1:1/m --beside pom.xml",
            "run --url http://127.0.0.1:1/orders --mode async",
            "visit-store --port 8081",
            "",
            "frobnicate"})
    void a_bad_command_line_says_why_in_one_line_and_exits_2(String args) {
        Outcome outcome = execute(args.isEmpty() ? new String[0] : args.split(" "));

        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err()).doesNotContain("Usage:").containsPattern("Try 'vtlab-loadgen( [a-z-]+)? --help' "
                + "for the options\\.\\n$");
        // the reason first (then picocli's "did you mean" for a mistyped command), not a wall of options
        assertThat(outcome.err().lines().count()).as(outcome.err()).isBetween(2L, 6L);
    }

    @Test
    void a_rate_run_names_the_option_it_refuses_and_the_limit() {
        assertThat(execute("run", "--rate", "0").err()).contains("--rate must be above 0 requests per second, was 0.0");
        assertThat(execute("run", "--rate", "10", "--duration", "120m").err())
                .contains("--duration must be between 1s and 60m, was 7200000ms");
        assertThat(execute("run", "--rate", "10", "--duration", "5s", "--warmup-time", "5s").err())
                .contains("--duration (5000ms) must be longer than --warmup-time (5000ms): nothing would be measured");
        assertThat(execute("run", "--rate", "10", "--requests", "100").err())
                .contains("--requests applies to a burst; a rate run sends --rate x --duration requests");
        assertThat(execute("run", "--rate", "300", "--duration", "60m").err())
                .contains("--rate x --duration is 1080000 requests, more than the 1000000 one run keeps in memory");
        assertThat(execute("run", "--rate", "1000", "--timeout", "60s").err())
                .containsPattern("--rate x --timeout is 60000 requests that may be in flight at once, more than the "
                        + "client can hold: at most \\d+ \\(the ephemeral ports");
        assertThat(execute("run", "--rate", "10", "--arrivals", "bursty").err())
                .contains("'bursty' is not uniform or poisson");
    }

    @Test
    void the_error_says_what_is_wrong() {
        assertThat(execute("run", "--requests", "10", "--concurrency", "11").err())
                .contains("--concurrency must be between 1 and --requests (10), was 11");
        assertThat(execute("run", "--mode", "turbo").err())
                .contains("unknown mode 'turbo'; expected one of sync, async, wrapped, callable");
        assertThat(execute("matrix", "--profile", "huge").err()).contains("unknown profile 'huge'");
        assertThat(execute("matrix", "--repeat", "0").err()).contains("--repeat must be between 1 and 20, was 0");
        assertThat(execute("matrix", "--server-java", "17").err())
                .contains("--server-java 17: JDK 17 is older than 21, the oldest vtlab runs on");
        assertThat(execute("matrix", "--server-java", "/no/such/jdk").err()).contains("--server-java /no/such/jdk: "
                + "not a JDK home, a java executable or a feature version");
        assertThat(execute("matrix", "--guard", "mutex").err())
                .contains("unknown guard 'mutex'; expected none, synchronized, reentrant-lock");
        assertThat(execute("matrix", "--repository", "sleepy,postgres").err())
                .contains("unknown repository 'postgres'; expected sleepy, http or jdbc");
        assertThat(execute("matrix", "--pool-size", "10").err())
                .contains("--pool-size applies to the jdbc repository only; add --repository jdbc");
        assertThat(execute("matrix", "--repository", "jdbc", "--pool-size", "0").err())
                .contains("--pool-size must be between 1 and 10000, was 0");
        assertThat(execute("matrix", "--repository", "jdbc", "--max-concurrent", "lots").err())
                .contains("--max-concurrent takes off or a whole number, was 'lots'");
        assertThat(execute("matrix", "--repository", "jdbc", "--database-url", "jdbc:mysql://127.0.0.1/vtlab").err())
                .contains("--database-url must be a jdbc:postgresql:// URL");
        assertThat(execute("matrix", "--repository", "jdbc", "--guard", "synchronized").err())
                .contains("--guard applies to the sleepy repository only");
        assertThat(execute("matrix", "--downstream-jar", "/no/such.jar").err())
                .contains("--downstream-jar /no/such.jar does not exist");
        assertThat(execute("matrix", "--server-arg", "vtlab.repository.save-delay=5ms").err())
                .contains("--server-arg must not set vtlab.repository.save-delay: the matrix sets it");
        assertThat(execute("capacity", "--step-time", "1s").err())
                .contains("--step-time must be between 2s and 10m, was 1000ms");
        assertThat(execute("capacity", "--max-rate", "0").err())
                .contains("--max-rate must be between 1 and 20000 requests per second, was 0.0");
        assertThat(execute("capacity", "--pool-size", "10").err())
                .contains("--pool-size applies to the jdbc repository only; add --repository jdbc");
        assertThat(execute("capacity", "--flags", "X").err()).contains("unknown flag 'X'; expected T, A, W or R");
        assertThat(execute("compare", "--bursts", "2000,0").err())
                .contains("--bursts must be whole numbers above 0, was [2000, 0]");
        assertThat(execute("compare", "--delay", "10ms").err())
                .contains("--delay must be at least 1s (the held requests are weighed 1.2 s into the burst)");
        assertThat(execute("compare", "--reference-jar", "/no/such.jar").err())
                .contains("--reference-jar /no/such.jar does not exist");
    }

    @Test
    void what_one_client_may_ask_for_is_bounded() {
        assertThat(execute("run", "--requests", "1000000000").err())
                .contains("--requests must be at most 1000000, was 1000000000", "Try 'vtlab-loadgen run --help'");
        Outcome tooManyAtOnce = execute("run", "--requests", "50000");
        assertThat(tooManyAtOnce.exitCode()).isEqualTo(2);
        assertThat(tooManyAtOnce.err()).contains("requests can be in flight at once", "pass --concurrency");
        assertThat(execute("matrix", "--requests", "2000000").exitCode()).isEqualTo(2);
    }

    @Test
    void an_output_that_cannot_be_written_is_refused_before_anything_is_measured(@TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "");
        String unreachable = "http://127.0.0.1:1"; // never contacted: the check comes first

        Outcome json = execute("run", "--url", unreachable, "--json", file.resolve("run.json").toString());
        Outcome csv = execute("run", "--url", unreachable, "--csv", dir.toString());
        Outcome out = execute("matrix", "--out", file.resolve("report").toString());

        assertThat(json.exitCode()).isEqualTo(2);
        assertThat(json.err()).contains("cannot write " + file.resolve("run.json")).doesNotContain("Cannot reach");
        assertThat(csv.exitCode()).isEqualTo(2);
        assertThat(csv.err()).contains(dir + " is a folder");
        assertThat(out.exitCode()).isEqualTo(2);
        assertThat(out.err()).contains("cannot write into " + file.resolve("report"));
    }

    /** Without --rate these would have changed nothing: the run was a burst, silently. */
    @ParameterizedTest
    @ValueSource(strings = {"--duration 10s", "--warmup-time 2s", "--arrivals poisson", "--histogram-log run.hlog",
            "--metrics http://127.0.0.1:8081/actuator/prometheus"})
    void an_option_of_rate_runs_without_rate_is_refused_naming_it(String option) {
        Outcome outcome = execute(("run " + option).split(" "));

        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err()).contains(option.split(" ")[0] + " applies to a rate run: add --rate");
    }

    @Test
    void a_duration_in_hours_is_read_and_held_to_the_60_minute_limit() {
        Outcome outcome = execute("run", "--rate", "10", "--duration", "2h");

        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err()).contains("--duration must be between 1s and 60m, was 7200000ms")
                .doesNotContain("not a duration");
    }

    @Test
    void help_exits_0() {
        Outcome outcome = execute("run", "--help");

        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.out()).contains("--requests", "--concurrency", "--timeout", "--warmup", "--json", "--csv");
    }

    @Test
    void an_unreachable_server_is_one_clear_line_and_exit_1() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }

        Outcome outcome = execute("run", "--url", "http://127.0.0.1:" + closedPort, "--connect-timeout", "2s");

        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(outcome.err().strip()).startsWith("Cannot reach the vtlab server at http://127.0.0.1:" + closedPort)
                .doesNotContain("\n").doesNotContain("Exception:");
    }

    /** The JDK's own HTTP server with one page: any GET URL, path and query, is a burst's or a rate's target. */
    @Test
    void a_page_of_any_service_takes_a_burst_and_a_rate_with_its_query_and_no_lab() throws IOException {
        java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger();
        java.util.Set<String> queries = java.util.concurrent.ConcurrentHashMap.newKeySet();
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/owners", exchange -> {
            served.incrementAndGet();
            queries.add(String.valueOf(exchange.getRequestURI().getRawQuery()));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        other.start();
        try {
            String page = "http://127.0.0.1:" + other.getAddress().getPort() + "/owners?lastName=";

            Outcome burst = execute("run", "--url", page, "--requests", "20", "--warmup", "0");
            Outcome rate = execute("run", "--url", page, "--rate", "20", "--duration", "2s", "--warmup-time", "1s");

            assertThat(burst.exitCode()).as(burst.out() + burst.err()).isZero();
            assertThat(burst.out()).contains("run          GET " + page, "succeeded    20",
                    "lost writes  not counted (a page of any service: no visit count to read)")
                    .doesNotContain("/lab");
            assertThat(rate.exitCode()).as(rate.out() + rate.err()).isZero();
            assertThat(rate.out()).contains("rate run     GET " + page).doesNotContain("lost writes");
            assertThat(served.get()).isEqualTo(20 + 40);
            assertThat(queries).containsExactly("lastName=");
        } finally {
            other.stop(0);
        }
    }

    /** The JDK's own HTTP server, answering 404 to every path: a server, but not vtlab. */
    @Test
    void a_server_that_is_not_vtlab_is_named_with_what_it_answered() throws IOException {
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        other.start();
        try {
            String url = "http://127.0.0.1:" + other.getAddress().getPort();

            Outcome outcome = execute("run", "--url", url, "--connect-timeout", "2s");

            assertThat(outcome.exitCode()).isEqualTo(1);
            assertThat(outcome.err().strip()).isEqualTo("Reached " + url + ", but it does not answer as a vtlab "
                    + "server: " + url + "/lab/visits answered HTTP 404. Is --url the vtlab server's address?");
        } finally {
            other.stop(0);
        }
    }
}
