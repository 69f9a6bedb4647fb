package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A step's peaks name each meter once: a pool's two meters (what waits, what is in use) both, the one meter of the
 * request threads without Tomcat's meters, or of the CPU, once (it had been printed twice, "peak
 * http_server_requests_active_seconds_count 17, http_server_requests_active_seconds_count 17"), and so is its
 * column of the report's steps.
 */
class StepPeaksTest {

    private final CeilingSearch.Step step = new CeilingSearch.Step(80, 80, 206, 0, true, List.of(), false, 3.0,
            17.0, null, null, null, null);

    @Test
    void a_pool_shows_the_peak_of_what_waits_and_of_what_is_in_use() {
        MeterCeiling pool = new MeterCeiling(MeterCeiling.Kind.JDBC_POOL, "orders-pool", 4, 0.2,
                StandardMeter.HIKARI_PENDING, StandardMeter.HIKARI_ACTIVE, "test");

        assertThat(CeilingsResult.peaks(pool, step)).isEqualTo("hikaricp_connections_pending{pool=\"orders-pool\"} 3, "
                + "hikaricp_connections_active{pool=\"orders-pool\"} 17");
    }

    @Test
    void one_meter_for_both_is_shown_once() {
        MeterCeiling threads = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 20, 0.2,
                StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");

        assertThat(CeilingsResult.peaks(threads, step)).isEqualTo("http_server_requests_active_seconds_count 3");
    }

    @Test
    void the_steps_table_has_one_peak_column_for_one_meter() throws Exception {
        // The workshop's exercise 9 as recorded: /orders/status, bound by Tomcat's request threads, no Tomcat meters.
        CeilingsResult threads = Json.read(Path.of("../docs/results/workshop/ex9/status-platform/"
                + "ceilings.json"), CeilingsResult.class);

        List<String> table = stepsTable(threads.markdown());

        assertThat(table.getFirst()).contains("| held | `http_server_requests_active_seconds_count` peak | in flight |");
        assertThat(table).hasSizeGreaterThan(2).allSatisfy(row -> assertThat(cells(row)).as(row)
                .isEqualTo(cells(table.getFirst())));
    }

    /** The header, the separator and the rows of the "Steps" table. */
    private static List<String> stepsTable(String markdown) {
        String steps = markdown.substring(markdown.indexOf("## Steps"));
        return steps.lines().dropWhile(line -> !line.startsWith("|")).takeWhile(line -> line.startsWith("|"))
                .toList();
    }

    private static int cells(String row) {
        return row.split("\\|", -1).length;
    }
}
