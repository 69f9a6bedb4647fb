package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.capacity.Ceiling;
import dev.vtlab.loadgen.capacity.Resource;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

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
}
