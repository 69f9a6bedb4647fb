package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What the server's standard meters say about the binding resource: the same resource's ceiling from the meters,
 * the meter a reader would watch, and what it read at the knee; nothing when no meter stands for the resource.
 */
class MeterViewTest {

    private static final MeterCeiling THREADS_BY_METERS = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS,
            "http-nio-8080", 50, 0.5, StandardMeter.TOMCAT_CONNECTIONS, StandardMeter.TOMCAT_THREADS_BUSY,
            "tomcat_threads_config_max_threads");
    private static final MeterCeiling POOL_BY_METERS = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "vtlab-db-pool",
            10, 0.2, StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "hikaricp_connections_max");

    @Test
    void the_request_threads_binding_are_read_from_tomcats_meters_with_their_peaks_at_the_knee() {
        CapacityStep knee = step(120, Map.of(
                "tomcat_connections_current_connections{name=\"http-nio-8080\"}", 61.0,
                "tomcat_threads_busy_threads{name=\"http-nio-8080\"}", 50.0));

        MeterView view = MeterView.of(new Ceiling(Resource.REQUEST_THREADS, 50, 0.5),
                List.of(POOL_BY_METERS, THREADS_BY_METERS), knee).orElseThrow();

        assertThat(view.ceiling()).isSameAs(THREADS_BY_METERS);
        assertThat(view.meterVsLab()).isCloseTo(1.0, within(1e-9));
        assertThat(view.watch()).isEqualTo("tomcat_connections_current_connections{name=\"http-nio-8080\"}");
        assertThat(view.atKnee()).isEqualTo("at 120 req/s: tomcat_connections_current_connections"
                + "{name=\"http-nio-8080\"} peak 61, tomcat_threads_busy_threads{name=\"http-nio-8080\"} peak 50");
    }

    @Test
    void a_meter_not_read_at_the_knee_is_said_so() {
        MeterView view = MeterView.of(new Ceiling(Resource.JDBC_POOL, 10, 0.25), List.of(POOL_BY_METERS),
                step(48, Map.of())).orElseThrow();

        assertThat(view.meterVsLab()).isCloseTo(1.25, within(1e-9));
        assertThat(view.atKnee()).isEqualTo("at 48 req/s: hikaricp_connections_pending{pool=\"vtlab-db-pool\"} "
                + "peak not read, hikaricp_connections_active{pool=\"vtlab-db-pool\"} peak not read");
    }

    @Test
    void no_meter_stands_for_the_cpu_or_for_meters_that_were_not_read() {
        Ceiling cpu = new Ceiling(Resource.CPU, 2, 0.02);
        Ceiling threads = new Ceiling(Resource.REQUEST_THREADS, 50, 0.5);

        assertThat(MeterView.of(cpu, List.of(THREADS_BY_METERS, POOL_BY_METERS), step(80, Map.of()))).isEmpty();
        assertThat(MeterView.of(threads, null, step(80, Map.of()))).isEmpty();
        assertThat(MeterView.of(threads, List.of(POOL_BY_METERS), step(80, Map.of()))).isEmpty();
    }

    /** A step at {@code offered} req/s that did not hold, its one second read as {@code meters}. */
    private static CapacityStep step(double offered, Map<String, Double> meters) {
        RateSummary.Second second = new RateSummary.Second(0, (int) offered, (int) offered, (int) offered, 0, 502, 900,
                60, null, null, meters, 2.0, null);
        return new CapacityStep(offered, offered, offered, 502, 900, 950, 0, Map.of(), 1, 60, 0.3, 0.2, 1, false,
                List.of("p99 900 ms"), List.of(second), null, null);
    }
}
