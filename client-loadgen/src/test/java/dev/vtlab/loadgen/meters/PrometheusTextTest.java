package dev.vtlab.loadgen.meters;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Prometheus's text as /actuator/prometheus writes it, read into the standard meters; anything else refused. */
class PrometheusTextTest {

    private static final String TEXT = """
            # HELP hikaricp_connections_pending Pending threads
            # TYPE hikaricp_connections_pending gauge
            hikaricp_connections_pending{pool="orders-pool"} 3.0
            hikaricp_connections_max{pool="orders-pool"} 4.0
            hikaricp_connections_usage_seconds_count{pool="orders-pool"} 120
            hikaricp_connections_usage_seconds_sum{pool="orders-pool"} 24.5
            http_server_requests_seconds_count{error="none",method="GET",status="200",uri="/orders/{id}"} 100
            http_server_requests_seconds_count{error="none",method="GET",status="404",uri="/orders/{id}"} 7
            http_server_requests_seconds_count{method="GET",status="200",uri="/actuator/prometheus"} 9
            tomcat_threads_busy_threads{name="http-nio-127.0.0.1-8090"} 12.0
            jetty_threads_busy 2.0
            executor_active_threads{name="applicationTaskExecutor"} 8.0
            executor_active{name="commonPool",place="supplyAsync"} 1.0
            executor_queue_remaining_tasks{name="applicationTaskExecutor"} 2.147483647E9
            tomcat_label_with_quote{name="a \\"quoted\\", comma"} 1.0
            process_cpu_usage NaN
            jvm_info{runtime="OpenJDK",vendor="Eclipse Adoptium",version="25.0.3"} 1 1732500000000
            """;

    @Test
    void each_standard_meter_is_read_by_its_key_tag_and_series_of_one_key_are_summed() {
        MeterSnapshot meters = new MeterSnapshot(PrometheusText.parse(TEXT).orElseThrow(), 0);

        assertThat(meters.value(StandardMeter.HIKARI_PENDING, "orders-pool")).hasValue(3.0);
        assertThat(meters.value(StandardMeter.HIKARI_USE_SECONDS, "orders-pool")).hasValue(24.5);
        assertThat(meters.value(StandardMeter.HTTP_REQUESTS, "/orders/{id}")).as("200s and 404s").hasValue(107.0);
        assertThat(meters.value(StandardMeter.HTTP_REQUESTS, "/actuator/prometheus")).hasValue(9.0);
        assertThat(meters.value(StandardMeter.TOMCAT_THREADS_BUSY, "http-nio-127.0.0.1-8090")).hasValue(12.0);
        assertThat(meters.value(StandardMeter.JETTY_THREADS_BUSY, "")).as("no key tag").hasValue(2.0);
        assertThat(meters.value(StandardMeter.EXECUTOR_ACTIVE, "applicationTaskExecutor")).hasValue(8.0);
        assertThat(meters.value(StandardMeter.FORK_JOIN_ACTIVE, "commonPool")).hasValue(1.0);
        assertThat(meters.value(StandardMeter.EXECUTOR_QUEUE_REMAINING, "applicationTaskExecutor"))
                .hasValue(2.147483647E9);
        assertThat(meters.value(StandardMeter.PROCESS_CPU, "").getAsDouble()).isNaN();
        assertThat(meters.has(StandardMeter.HIKARI_ACTIVE)).isFalse();
    }

    @Test
    void the_service_requests_leave_out_the_management_endpoints() {
        MeterSnapshot meters = new MeterSnapshot(PrometheusText.parse(TEXT).orElseThrow(), 0);

        assertThat(MeterCeilings.requests(meters, MeterCeilings.SERVICE_URIS)).isEqualTo(107.0);
    }

    @Test
    void what_is_not_prometheus_text_is_refused() {
        for (String notIt : List.of("{\"names\":[]}", "<html><body>Login</body></html>", "hello world",
                "hikaricp_connections_max{pool=\"unterminated} 4.0", "hikaricp_connections_max four")) {
            assertThat(PrometheusText.parse(notIt)).as(notIt).isEmpty();
        }
    }

    @Test
    void an_empty_page_is_text_without_meters() {
        assertThat(PrometheusText.parse("# nothing yet\n")).hasValue(List.of());
    }
}
