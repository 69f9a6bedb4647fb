package dev.vtlab.bootstrap;

import dev.vtlab.settings.FanOutKind;
import dev.vtlab.settings.InvalidSettingException;
import dev.vtlab.settings.InvalidSettingFailureAnalyzer;
import dev.vtlab.settings.VirtualThreadFlags;
import dev.vtlab.settings.VtlabSettings;
import dev.vtlab.bootstrap.webserver.InFlightBound;
import dev.vtlab.bootstrap.webserver.LeanHttp11NioProtocol;

import dev.vtlab.bootstrap.RunningServer;
import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.reactor.netty.NettyWebServer;
import org.springframework.boot.web.context.reactive.ReactiveWebApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Bad settings stop start-up with one message naming the key; good ones are logged in one line. */
@ExtendWith(OutputCaptureExtension.class)
class StartupSettingsTest {

    @ParameterizedTest
    @ValueSource(strings = {VirtualThreadFlags.TOMCAT, VirtualThreadFlags.ASYNC_EXECUTOR, VirtualThreadFlags.WRAPPER,
            VirtualThreadFlags.REPOSITORY})
    void a_flag_that_is_not_a_boolean_stops_start_up_naming_the_key(String key) {
        assertStartupFails(key, "Invalid value 'yes please' for " + key, "allowed values are true and false",
                "--" + key + "=yes please");
    }

    @Test
    void a_negative_delay_stops_start_up() {
        assertStartupFails(VtlabSettings.COUNT_DELAY, "Invalid value '-5ms' for vtlab.repository.count-delay",
                "must be between 0ms and 60s", "--vtlab.repository.count-delay=-5ms");
    }

    @Test
    void an_absurd_delay_stops_start_up() {
        assertStartupFails(VtlabSettings.SAVE_DELAY, "Invalid value '3h' for vtlab.repository.save-delay",
                "must be between 0ms and 60s", "--vtlab.repository.save-delay=3h");
    }

    @Test
    void a_delay_that_is_not_a_duration_stops_start_up() {
        assertStartupFails(VtlabSettings.SAVE_DELAY, "Invalid value 'slow' for vtlab.repository.save-delay",
                "expected a duration such as 250ms or 1s", "--vtlab.repository.save-delay=slow");
    }

    @Test
    void an_unknown_repository_kind_stops_start_up_naming_the_key() {
        assertStartupFails(VtlabSettings.REPOSITORY_KIND, "Invalid value 'postgres' for vtlab.repository.kind",
                "allowed values are sleepy, http, jdbc", "--vtlab.repository.kind=postgres");
    }

    @ParameterizedTest
    @ValueSource(strings = {"undertow", ""})
    void a_web_server_other_than_tomcat_jetty_or_netty_stops_start_up_naming_the_key_and_the_three(String value) {
        assertStartupFails(VtlabSettings.WEB_SERVER, "Invalid value '" + value + "' for vtlab.web-server",
                "allowed values are tomcat, jetty, netty", "--vtlab.web-server=" + value);
    }

    @Test
    void netty_serves_webflux_when_the_setting_names_it_and_holds_as_many_connections_as_the_heap_can_carry(
            CapturedOutput output) {
        int bound = InFlightBound.nettyMaxConnections(Runtime.getRuntime().maxMemory(),
                InFlightBound.NETTY_REQUEST_BYTES);
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=netty")) {
            assertThat(((WebServerApplicationContext) server.context()).getWebServer())
                    .isInstanceOf(NettyWebServer.class);
            assertThat(server.context()).isInstanceOf(ReactiveWebApplicationContext.class);
            assertThat(server.get("/sync?name=Ada").body()).contains("Hello, Ada!");
            assertThat(output).contains("web server netty; Netty holds at most " + bound + " connections at once "
                    + "(derived from the");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-2"})
    void a_netty_bound_below_one_stops_start_up_naming_the_key(String value) {
        assertStartupFails("server.netty.max-connections", "Invalid value '" + value
                + "' for server.netty.max-connections", "expected a whole number of 1 or more",
                "--vtlab.web-server=netty", "--server.netty.max-connections=" + value);
    }

    @Test
    void jetty_serves_when_the_setting_names_it_and_holds_as_many_requests_as_the_heap_can_carry(
            CapturedOutput output) {
        int bound = InFlightBound.maxConnections(Runtime.getRuntime().maxMemory(),
                InFlightBound.SLEEPY_REQUEST_BYTES);
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=jetty")) {
            assertThat(((WebServerApplicationContext) server.context()).getWebServer()).isInstanceOf(JettyWebServer.class);
            assertThat(server.get("/sync?name=Ada").body()).contains("Hello, Ada!");
            NetworkConnectionLimit limit = ((JettyWebServer) ((WebServerApplicationContext) server.context())
                    .getWebServer()).getServer().getBean(NetworkConnectionLimit.class);
            assertThat(limit.getMaxNetworkConnectionCount()).isEqualTo(bound);
            assertThat(output).contains("web server jetty; Jetty holds at most " + bound + " connections at once "
                    + "(derived from the");
        }
    }

    @Test
    void tomcat_serves_by_default() {
        try (RunningServer server = RunningServer.startWith()) {
            assertThat(((WebServerApplicationContext) server.context()).getWebServer())
                    .isInstanceOf(TomcatWebServer.class);
        }
    }

    @Test
    void an_unknown_repository_guard_stops_start_up_naming_the_key() {
        assertStartupFails(VtlabSettings.REPOSITORY_GUARD, "Invalid value 'mutex' for vtlab.repository.guard",
                "allowed values are none, synchronized, reentrant-lock", "--vtlab.repository.guard=mutex");
    }

    @Test
    void a_guard_on_the_http_repository_stops_start_up_naming_the_key() {
        assertStartupFails(VtlabSettings.REPOSITORY_GUARD, "the guard applies to the sleepy repository only",
                "vtlab.repository.kind is http", "--vtlab.repository.kind=http",
                "--vtlab.repository.guard=synchronized");
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:8081", "http://127.0.0.1", "ftp://127.0.0.1:21", "http://127.0.0.1:8081/visits",
            "http://[::1:8081", "http ://x:1"})
    void a_malformed_store_url_stops_start_up_naming_the_key(String url) {
        assertStartupFails(VtlabSettings.REPOSITORY_URL, "Invalid value '" + url + "' for vtlab.repository.url",
                "expected an http URL with host and port", "--vtlab.repository.kind=http",
                "--vtlab.repository.url=" + url);
    }

    @Test
    void a_store_url_with_credentials_stops_start_up_without_repeating_them() {
        String refusal = assertStartupFails(VtlabSettings.REPOSITORY_URL, "for vtlab.repository.url",
                "no user info: the store takes no credentials", "--vtlab.repository.kind=http",
                "--vtlab.repository.url=http://ada:s3cr3t-store@127.0.0.1:8081");
        assertThat(refusal).doesNotContain("s3cr3t-store");
    }

    @Test
    void a_mistyped_flag_stops_start_up_instead_of_changing_nothing() {
        assertStartupFails("vtlab.virtual-threads.tomcatt", "Unknown setting vtlab.virtual-threads.tomcatt",
                "known settings are vtlab.virtual-threads.tomcat", "--vtlab.virtual-threads.tomcatt=true");
    }

    @Test
    void a_malformed_line_in_flags_properties_stops_start_up_naming_it(@TempDir Path dir) throws IOException {
        Path flags = Files.writeString(dir.resolve("flags.properties"),
                "vtlab.virtual-threads.tomcat=true\nvirtual threads everywhere please\n");
        assertStartupFails("virtual", "Malformed line in flags.properties", "found key 'virtual'",
                "--spring.config.import=file:" + flags);
    }

    @Test
    void a_bad_value_in_flags_properties_names_the_file_and_line(@TempDir Path dir) throws IOException {
        Path flags = Files.writeString(dir.resolve("flags.properties"),
                "# comment\nvtlab.virtual-threads.wrapper=maybe\n");
        assertStartupFails(VirtualThreadFlags.WRAPPER, "Invalid value 'maybe' for vtlab.virtual-threads.wrapper",
                "flags.properties", "--spring.config.import=file:" + flags);
    }

    /** As some Windows editors save it; the project's own file begins with a comment. */
    @ParameterizedTest
    @ValueSource(strings = {"", "# vtlab: where do virtual threads go?\n", "! a comment too\n"})
    void a_flags_file_saved_with_a_byte_order_mark_works_as_its_author_sees_it(String firstLine, @TempDir Path dir)
            throws IOException {
        Path flags = Files.write(dir.resolve("flags.properties"),
                ("\uFEFF" + firstLine + "vtlab.virtual-threads.tomcat=true\n").getBytes(StandardCharsets.UTF_8));
        try (RunningServer server = RunningServer.startWith("--spring.config.import=file:" + flags)) {
            assertThat(server.context().getEnvironment().getProperty(VirtualThreadFlags.TOMCAT)).isEqualTo("true");
        }
    }

    @Test
    void a_key_given_twice_in_flags_properties_stops_start_up_naming_both_lines(@TempDir Path dir)
            throws IOException {
        Path flags = Files.writeString(dir.resolve("flags.properties"), "vtlab.virtual-threads.tomcat=true\n"
                + "# later, someone else:\nvtlab.virtual-threads.tomcat=false\n");
        assertStartupFails(VirtualThreadFlags.TOMCAT, "Duplicate key vtlab.virtual-threads.tomcat",
                "(lines 1 and 3)", "--spring.config.import=file:" + flags);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TRUE", "False", "yes", "1"})
    void only_lower_case_true_and_false_are_flag_values(String value) {
        assertStartupFails(VirtualThreadFlags.TOMCAT, "Invalid value '" + value + "'", "allowed values are true and "
                + "false", "--" + VirtualThreadFlags.TOMCAT + "=" + value);
    }

    @Test
    void a_misspelt_environment_variable_stops_start_up_naming_it() {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        Map.of("VTLAB_VIRTUAL_THREADS_TOMCATT", "true", "PATH", "/usr/bin")));

        assertThatThrownBy(() -> VtlabSettings.read(environment)).isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("Unknown environment variable VTLAB_VIRTUAL_THREADS_TOMCATT")
                .hasMessageContaining("VTLAB_VIRTUAL_THREADS_TOMCAT,");
    }

    @Test
    void a_correct_environment_variable_sets_its_flag() {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        Map.of("VTLAB_VIRTUAL_THREADS_TOMCAT", "true")));

        assertThat(VtlabSettings.read(environment).requested().tomcat()).isTrue();
    }

    @Test
    void without_a_flags_file_the_log_says_where_it_looked(CapturedOutput output) {
        // An environment with no flags.properties loaded, as when the server starts outside the repository.
        VtlabSettings settings = new CompositionRoot().vtlabSettings(new StandardEnvironment());

        assertThat(settings.flagsFileFound()).isFalse();
        assertThat(output.getOut()).contains("no flags.properties in " + Path.of("").toAbsolutePath())
                .contains("every flag is off unless an argument, -D or environment variable sets it");
    }

    @Test
    void with_a_flags_file_nothing_is_said_about_a_missing_one(CapturedOutput output) {
        try (RunningServer server = RunningServer.startWith()) {
            assertThat(server.bean(VtlabSettings.class).flagsFileFound()).isTrue();
            assertThat(output.getOut()).doesNotContain("no flags.properties");
        }
    }

    /**
     * The console is swapped for a buffer while the server fails (the log's console appender writes to whatever
     * {@code System.out} is at the time), so that a passing build prints no failure banner.
     */
    @Test
    void a_failed_start_prints_one_banner_naming_the_key() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        try (PrintStream buffer = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            System.setOut(buffer);
            System.setErr(buffer);
            assertThatThrownBy(() -> RunningServer.startWith("--vtlab.virtual-threads.tomcat=perhaps").close());
        } finally {
            System.setOut(out);
            System.setErr(err);
        }

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("Invalid value 'perhaps' for vtlab.virtual-threads.tomcat");
        assertThat(printed.split("APPLICATION FAILED TO START", -1)).hasSize(2);
    }

    @Test
    void the_failure_analyzer_prints_the_message_and_what_to_fix() {
        FailureAnalysis analysis = new InvalidSettingFailureAnalyzer().analyze(new IllegalStateException(
                new InvalidSettingException(VirtualThreadFlags.TOMCAT, "Invalid value 'x' for " + VirtualThreadFlags.TOMCAT)));

        assertThat(analysis.getDescription()).isEqualTo("Invalid value 'x' for vtlab.virtual-threads.tomcat");
        assertThat(analysis.getAction()).contains("Fix 'vtlab.virtual-threads.tomcat' in flags.properties");
    }

    @Test
    void start_up_logs_the_flags_in_one_line(CapturedOutput output) {
        try (RunningServer ignored = RunningServer.start(true, false, false, true)) {
            assertThat(output.getOut()).contains("flags T1 A0 W0 R1").doesNotContain("overrides");
        }
    }

    @Test
    void spring_virtual_threads_says_which_flags_it_overrides(CapturedOutput output) {
        try (RunningServer server = RunningServer.start(false, false, true, false,
                "--spring.threads.virtual.enabled=true")) {
            assertThat(output.getOut()).contains("flags T0 A0 W1 R0")
                    .contains("spring.threads.virtual.enabled=true overrides T and A: running with flags T1 A1 W1 R0");
        }
    }

    @Test
    void the_guard_is_logged(CapturedOutput output) {
        try (RunningServer ignored = RunningServer.start(true, false, false, false,
                "--vtlab.repository.guard=reentrant-lock")) {
            assertThat(output.getOut()).contains("repository sleepy, guard reentrant-lock");
        }
    }

    @Test
    void flags_properties_is_read_from_the_module_folder_as_an_ide_starts_it() {
        // Tests run in bootstrap/, so the file comes from ../flags.properties, as when an IDE starts the server there.
        try (RunningServer server = RunningServer.startWith()) {
            assertThat(server.context().getEnvironment().getPropertySources().stream().map(Object::toString))
                    .anyMatch(name -> name.contains("../flags.properties"));
            assertThat(server.context().getEnvironment().getProperty(VirtualThreadFlags.TOMCAT)).isEqualTo("false");
        }
    }

    @Test
    void the_server_binds_to_loopback_by_default() {
        try (RunningServer server = RunningServer.startWith()) {
            assertThat(server.context().getEnvironment().getProperty("server.address")).isEqualTo("127.0.0.1");
        }
    }

    @Test
    void tomcat_holds_as_many_requests_as_the_heap_can_carry_by_default() {
        int bound = InFlightBound.maxConnections(Runtime.getRuntime().maxMemory(), InFlightBound.SLEEPY_REQUEST_BYTES);
        try (RunningServer server = RunningServer.startWith()) {
            Connector connector = ((TomcatWebServer) ((WebServerApplicationContext) server.context())
                    .getWebServer()).getTomcat().getConnector();
            assertThat(String.valueOf(connector.getProperty("maxConnections"))).isEqualTo(String.valueOf(bound));
            assertThat(String.valueOf(connector.getProperty("acceptCount"))).isEqualTo("4096");
            assertThat(String.valueOf(connector.getProperty("socket.appReadBufSize"))).isEqualTo("1024");
            assertThat(String.valueOf(connector.getProperty("socket.appWriteBufSize"))).isEqualTo("1024");
            assertThat(String.valueOf(connector.getProperty("socket.bufferPool"))).isEqualTo("0");
            assertThat(connector.getProtocolHandler()).isInstanceOf(LeanHttp11NioProtocol.class);
            assertThat(connector.getProtocolHandler().getDesiredBufferSize()).isEqualTo(1024);
            assertThat(String.valueOf(connector.getProperty("keepAliveTimeout"))).isEqualTo("2000");
            assertThat(String.valueOf(connector.getProperty("maxHttpRequestHeaderSize"))).isEqualTo("4096");
            assertThat(String.valueOf(connector.getProperty("maxHttpResponseHeaderSize"))).isEqualTo("4096");
        }
    }

    /**
     * The server refuses to start, with the message naming the key. Spring Boot's failure banner is switched off
     * here (one test above reads it) so that a passing build does not print a dozen "APPLICATION FAILED TO START".
     */
    @Test
    void a_request_tomcat_serves_gets_the_lean_response_buffer() {
        try (RunningServer server = RunningServer.startWith()) {
            Connector connector = ((TomcatWebServer) ((WebServerApplicationContext) server.context())
                    .getWebServer()).getTomcat().getConnector();
            assertThat(connector.createResponse(new org.apache.coyote.Response()).getBufferSize()).isEqualTo(1024);
        }
    }

    @Test
    void the_start_up_line_says_the_bound_was_derived_from_the_heap(CapturedOutput output) {
        try (RunningServer ignored = RunningServer.startWith()) {
            assertThat(output).contains("connections at once (derived from the " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB heap; set server.tomcat.max-connections to choose)");
        }
    }

    @Test
    void the_start_up_line_says_nothing_of_the_heap_when_the_bound_was_set(CapturedOutput output) {
        try (RunningServer ignored = RunningServer.startWith("--server.tomcat.maxConnections=1234")) {
            assertThat(output).contains("Tomcat holds at most 1234 connections at once")
                    .doesNotContain("1234 connections at once (derived");
        }
    }

    @Test
    void the_in_flight_bound_follows_the_formula() {
        // (512 - 96) MB / 2 / 64 KB
        assertThat(InFlightBound.maxConnections(512L << 20, InFlightBound.SLEEPY_REQUEST_BYTES)).isEqualTo(3328);
        // (1024 - 96) MB / 2 / 64 KB
        assertThat(InFlightBound.maxConnections(1L << 30, InFlightBound.SLEEPY_REQUEST_BYTES)).isEqualTo(7424);
        // (512 - 96) MB / 2 / 72 KB
        assertThat(InFlightBound.maxConnections(512L << 20, InFlightBound.HTTP_REQUEST_BYTES)).isEqualTo(2958);
        assertThat(InFlightBound.maxConnections(64L << 20, InFlightBound.SLEEPY_REQUEST_BYTES)).isEqualTo(100);
        assertThat(InFlightBound.maxConnections(16L << 30, InFlightBound.SLEEPY_REQUEST_BYTES)).isEqualTo(8192);
    }

    @Test
    void server_tomcat_max_connections_overrides_the_bound() {
        try (RunningServer server = RunningServer.startWith("--server.tomcat.max-connections=1234")) {
            Connector connector = ((TomcatWebServer) ((WebServerApplicationContext) server.context())
                    .getWebServer()).getTomcat().getConnector();
            assertThat(String.valueOf(connector.getProperty("maxConnections"))).isEqualTo("1234");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "ten"})
    void a_pool_size_below_one_stops_start_up_naming_the_key(String size) {
        assertStartupFails(VtlabSettings.POOL_SIZE, "Invalid value '" + size + "' for vtlab.repository.pool-size",
                "expected a whole number between 1 and 10000", "--vtlab.repository.kind=jdbc",
                "--vtlab.repository.pool-size=" + size);
    }

    @Test
    void a_pool_timeout_hikari_refuses_stops_start_up_naming_the_key() {
        assertStartupFails(VtlabSettings.POOL_TIMEOUT, "for vtlab.repository.pool-timeout", "HikariCP needs at least 250ms",
                "--vtlab.repository.kind=jdbc", "--vtlab.repository.pool-timeout=100ms");
    }

    @Test
    void an_unknown_jdbc_url_scheme_stops_start_up_naming_the_key() {
        assertStartupFails(VtlabSettings.REPOSITORY_URL, "Invalid value 'jdbc:mysql://127.0.0.1/vtlab'",
                "the jdbc repository speaks jdbc:h2:... or jdbc:postgresql:...", "--vtlab.repository.kind=jdbc",
                "--vtlab.repository.url=jdbc:mysql://127.0.0.1/vtlab");
    }

    @Test
    void a_missing_driver_stops_start_up_naming_the_key() throws Exception {
        // As if the PostgreSQL driver had been left out of the build: the dialect is known, no driver takes the URL.
        org.postgresql.Driver.deregister();
        try {
            assertStartupFails(VtlabSettings.REPOSITORY_URL, "for vtlab.repository.url",
                    "no JDBC driver on the class path accepts it", "--vtlab.repository.kind=jdbc",
                    "--vtlab.repository.url=jdbc:postgresql://127.0.0.1:5432/vtlab");
        } finally {
            org.postgresql.Driver.register();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"vtlab.repository.pool-size=5", "vtlab.repository.max-concurrent=5",
            "vtlab.repository.pool-timeout=1s"})
    void a_pool_setting_without_the_jdbc_repository_stops_start_up_naming_the_key(String setting) {
        assertStartupFails(setting.substring(0, setting.indexOf('=')), "for " + setting.substring(0, setting.indexOf('=')),
                "it applies to the jdbc repository only, and vtlab.repository.kind is sleepy", "--" + setting);
    }

    @Test
    void the_pool_is_logged(CapturedOutput output) {
        try (RunningServer ignored = RunningServer.startWith("--vtlab.repository.kind=jdbc",
                "--vtlab.repository.pool-size=7", "--vtlab.repository.max-concurrent=20")) {
            assertThat(output).contains("repository jdbc at jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab, pool 7 "
                    + "connections, timeout 30000 ms, bulkhead 20");
        }
    }

    @Test
    void an_unknown_way_of_fanning_out_stops_start_up_naming_the_key_and_the_three() {
        assertStartupFails(VtlabSettings.FAN_OUT, "Invalid value 'scoped' for vtlab.fan-out",
                "allowed values are sequential, futures, structured", "--vtlab.fan-out=scoped");
    }

    @ParameterizedTest
    @ValueSource(strings = {"soon", "-1s", "11m"})
    void a_fan_out_deadline_that_is_no_duration_in_range_names_the_key(String value) {
        assertThatThrownBy(() -> VtlabSettings.read(environmentWith(VtlabSettings.FAN_OUT_DEADLINE, value)))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("Invalid value '" + value + "' for vtlab.fan-out.deadline")
                .satisfies(e -> assertThat(((InvalidSettingException) e).key())
                        .isEqualTo(VtlabSettings.FAN_OUT_DEADLINE));
    }

    @Test
    void a_fan_out_deadline_of_zero_names_the_key() {
        assertThatThrownBy(() -> VtlabSettings.read(environmentWith(VtlabSettings.FAN_OUT_DEADLINE, "0ms")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("Invalid value '0ms' for vtlab.fan-out.deadline")
                .hasMessageContaining("must be above 0ms");
    }

    @ParameterizedTest
    @ValueSource(strings = {VtlabSettings.FAN_OUT_VISIT_COUNT_DELAY, VtlabSettings.FAN_OUT_LAST_VISIT_DELAY,
            VtlabSettings.FAN_OUT_RECOMMENDATION_DELAY})
    void a_branch_delay_that_is_not_a_duration_names_the_key(String key) {
        assertThatThrownBy(() -> VtlabSettings.read(environmentWith(key, "slow")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("Invalid value 'slow' for " + key)
                .hasMessageContaining("expected a duration such as 250ms or 1s");
    }

    @Test
    void a_mistyped_fan_out_key_names_it() {
        assertThatThrownBy(() -> VtlabSettings.read(environmentWith("vtlab.fan-out.deadlin", "1s")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("Unknown setting vtlab.fan-out.deadlin");
    }

    @Test
    void the_fan_out_defaults_to_sequential_within_ten_seconds_each_read_a_second() {
        VtlabSettings.FanOut fanOut = VtlabSettings.read(new StandardEnvironment()).fanOut();

        assertThat(fanOut).isEqualTo(new VtlabSettings.FanOut(FanOutKind.SEQUENTIAL, Duration.ofSeconds(10),
                Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1)));
        assertThat(VtlabSettings.read(environmentWith(VtlabSettings.FAN_OUT, "futures")).fanOut().way())
                .isEqualTo(FanOutKind.FUTURES);
    }

    /** An environment with one setting, as an argument would give it, and no flags file. */
    private static StandardEnvironment environmentWith(String key, String value) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("commandLineArgs", Map.of(key, value)));
        return environment;
    }

    @Test
    void a_lab_port_out_of_range_stops_start_up_naming_the_key() {
        assertStartupFails(VtlabSettings.LAB_PORT, "Invalid value '70000' for vtlab.lab.port",
                "expected a whole number between 0 and 65535", "--vtlab.lab.port=70000");
    }

    /** Start-up with {@code args} is refused naming {@code key}; returns the refusal's message. */
    private static String assertStartupFails(String key, String message, String detail, String... args) {
        String[] quiet = Stream.concat(Stream.of(args), Stream.of(
                "--logging.level.org.springframework.boot.diagnostics=OFF",
                "--logging.level.org.springframework.boot.SpringApplication=OFF")).toArray(String[]::new);
        Throwable thrown = catchThrowable(() -> RunningServer.startWith(quiet).close());
        assertThat(thrown).as("start-up with %s", String.join(" ", args)).isNotNull();
        InvalidSettingException cause = findCause(thrown);
        assertThat(cause.key()).isEqualTo(key);
        assertThat(cause.getMessage()).contains(message).contains(detail);
        return cause.getMessage();
    }

    private static InvalidSettingException findCause(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof InvalidSettingException invalid) {
                return invalid;
            }
        }
        throw new AssertionError("no InvalidSettingException in " + thrown, thrown);
    }
}
