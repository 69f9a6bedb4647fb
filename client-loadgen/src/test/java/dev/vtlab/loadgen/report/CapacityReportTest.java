package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacityStep;
import dev.vtlab.loadgen.capacity.Ceiling;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.MeterView;
import dev.vtlab.loadgen.capacity.Resource;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The capacity report's words for people: counts as counts, short holds in milliseconds, times to the second. */
class CapacityReportTest {

    @Test
    void a_pool_is_named_with_its_size_as_a_count_and_its_hold_in_seconds() {
        assertThat(CapacityReport.binding(new Ceiling(Resource.COMMON_POOL, 1, 0.5)))
                .isEqualTo("common pool: 1 / 0.50 s");
        assertThat(CapacityReport.binding(new Ceiling(Resource.REQUEST_THREADS, 200, 2)))
                .isEqualTo("request threads: 200 / 2.00 s");
    }

    @Test
    void a_pool_a_request_calls_several_times_shows_the_calls_and_each_ones_hold() {
        assertThat(CapacityReport.binding(new Ceiling(Resource.JDBC_POOL, 10, 3, 0.25)))
                .isEqualTo("JDBC pool: 10 / (3 x 0.25 s)");
    }

    @Test
    void the_cpu_is_named_with_its_cores_and_a_request_s_cpu_time_in_milliseconds() {
        assertThat(CapacityReport.binding(new Ceiling(Resource.CPU, 2, 0.00075))).isEqualTo("CPU: 2 / 0.750 ms");
    }

    @Test
    void run_times_are_to_the_second_in_utc_with_how_long_it_took() {
        assertThat(CapacityReport.when(Instant.parse("2026-11-25T11:44:19.461212541Z"),
                Instant.parse("2026-11-25T11:51:02.541016207Z")))
                .isEqualTo("2026-11-25 11:44:19 to 11:51:02 UTC (6 min 43 s)");
        assertThat(CapacityReport.when(Instant.parse("2026-11-25T23:59:00Z"), Instant.parse("2026-11-26T00:01:30Z")))
                .isEqualTo("2026-11-25 23:59:00 to 2026-11-26 00:01:30 UTC (2 min 30 s)");
    }

    @Test
    void a_step_run_again_shows_its_first_run_then_the_second_that_decided() {
        CapacityStep first = step(2939, 2899.5, null);
        CapacityStep second = step(2939, 2939, first);
        assertThat(first.runAgain(500)).isTrue();
        assertThat(second.runAgain(500)).isFalse();

        Table table = CapacityReport.stepTable(new CapacityRun("T0 A0 W0 R1", "async", "OK", null,
                List.of(step(2351, 2351, null), second), 2939.0, null, null, List.of(), null, null, null, null));

        assertThat(table.rows()).extracting(List::getFirst).containsExactly("2,351", "2,939", "2,939");
        assertThat(table.rows()).extracting(List::getLast).containsExactly("yes",
                "no: completed 2899.5 < 99% of 2939.0 req/s; broken by a stall: run once more",
                "yes (run again)");
    }

    @Test
    void a_step_shows_the_most_the_collector_paused_the_server_in_one_second_from_its_meter() {
        CapacityStep paused = step(2981, 2959.5, null, seconds(1.000, 1.012, 1.338, 1.350));
        CapacityStep unread = step(2981, 2959.5, null, List.of());

        assertThat(paused.gcPauseMsWorstSecond()).isCloseTo(326, within(0.001));
        assertThat(unread.gcPauseMsWorstSecond()).isNull();
        Table table = CapacityReport.stepTable(new CapacityRun("T1 A0 W0 R0", "sync", "OK", null,
                List.of(paused, unread), null, null, null, List.of(), null, null, null, null));
        int column = table.header().indexOf("GC pause ms, worst second");
        assertThat(table.rows()).extracting(row -> row.get(column)).containsExactly("326", "-");
    }

    @Test
    void the_meters_table_has_a_row_for_each_run_a_meter_stands_for_and_none_for_the_cpu() {
        MeterCeiling threads = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "http-nio-8080", 50, 0.5,
                StandardMeter.TOMCAT_CONNECTIONS, StandardMeter.TOMCAT_THREADS_BUSY,
                "tomcat_threads_config_max_threads");
        MeterView view = new MeterView(threads, 1.0, threads.watchLine(), "at 120 req/s: peak 61");
        CapacityRun byThreads = new CapacityRun("T0 A0 W0 R0", "sync", "OK", null, List.of(step(100, 100, null)),
                100.0, 120.0, new Ceiling(Resource.REQUEST_THREADS, 50, 0.5), List.of(), 1.0, null, null, view);
        CapacityRun byCpu = new CapacityRun("T1 A0 W0 R0", "sync", "OK", null, List.of(step(100, 100, null)),
                100.0, 120.0, new Ceiling(Resource.CPU, 2, 0.02), List.of(), 1.0, null, null, null);

        Table table = CapacityReport.meterTable(List.of(byThreads, byCpu));

        assertThat(table.rows()).containsExactly(List.of("sync", "T0 A0 W0 R0", "request threads", "100",
                "100 (50 / 0.50 s)", "1.00", "tomcat_connections_current_connections{name=\"http-nio-8080\"}",
                "at 120 req/s: peak 61"));
    }

    /** A step at the 500 ms floor with a p99 of 569 ms and nothing failed: only its completions judge it. */
    private static CapacityStep step(double offered, double completed, CapacityStep firstRun) {
        return step(offered, completed, firstRun, List.of());
    }

    private static CapacityStep step(double offered, double completed, CapacityStep firstRun,
                                     List<RateSummary.Second> seconds) {
        List<String> broken = HoldRule.broken(offered, completed, 569, 0, 500);
        return new CapacityStep(offered, offered, completed, 502, 569, 600, 0, Map.of(), 1, 1500, 0.3, 0.2, 1,
                broken.isEmpty(), broken, seconds, null, firstRun);
    }

    /** A step's seconds, each with the server's collector pauses summed since its start as its meter read them. */
    private static List<RateSummary.Second> seconds(double... gcPauseSeconds) {
        List<RateSummary.Second> seconds = new ArrayList<>();
        for (int i = 0; i < gcPauseSeconds.length; i++) {
            seconds.add(new RateSummary.Second(i, 2981, 2981, 2981, 0, 502, 569, 1500, null, null,
                    Map.of(StandardMeter.GC_PAUSE_SECONDS.prometheusName(), gcPauseSeconds[i]), 2.0, null));
        }
        return seconds;
    }
}
