package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.MeterSampler;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.meters.MeterSnapshot;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A step's CPU time a request, over its steady part: a 5 s step at 100 requests a second, each request ending at a
 * whole millisecond, read once a second with the server's CPU time and the load generator's.
 */
class StepCpuTest {

    private static final int RATE = 100;
    private static final long MS = 1_000_000;

    @Test
    void each_sides_cpu_time_between_the_warm_ups_end_and_the_steps_end_over_the_requests_that_ended_there() {
        // The server spends 0.5 ms a request, the client 0.2 ms; the start and the drain cost 300 ms more each,
        // outside the steady part (seconds 1 to 5), so they do not count.
        RateRun.Recording recording = recording(second -> 300 * MS + second * RATE * MS / 2,
                second -> 300 * MS + second * RATE * MS / 5);

        StepCpu cpu = StepCpu.steady(recording, 1, 5).orElseThrow();

        assertThat(cpu.serverMsPerRequest()).isCloseTo(0.5, within(1e-9));
        assertThat(cpu.clientMsPerRequest()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void without_the_servers_meters_only_the_load_generators_cost_is_known() {
        RateRun.Recording recording = recording(second -> null, second -> second * RATE * MS / 5);

        StepCpu cpu = StepCpu.steady(recording, 1, 5).orElseThrow();

        assertThat(cpu.serverMsPerRequest()).isNull();
        assertThat(cpu.clientMsPerRequest()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void a_read_missing_at_either_end_gives_no_steady_cost() {
        RateRun.Recording recording = recording(second -> second * RATE * MS, second -> second * MS);

        assertThat(StepCpu.steady(recording, 1, 6)).isEmpty();
        assertThat(StepCpu.steady(recording, 0, 5)).isEmpty();
    }

    @Test
    void without_reads_the_load_generators_cost_is_its_whole_steps_over_its_requests() {
        assertThat(StepCpu.clientOnly(500 * MS, 1000)).isEqualTo(new StepCpu(null, 0.5));
        assertThat(StepCpu.clientOnly(500 * MS, 0)).isEqualTo(new StepCpu(null, 0));
    }

    /** CPU time so far, in nanoseconds, at a whole second; {@code null} for no meters. */
    private interface CpuAt {
        Long at(int second);
    }

    /** Five seconds at {@link #RATE}, the reads at seconds 1 to 5, the last request ending at 5 s. */
    private static RateRun.Recording recording(CpuAt server, CpuAt client) {
        List<RequestResult> requests = new ArrayList<>();
        for (int i = 0; i < 5 * RATE; i++) {
            long end = (i + 1) * 1_000_000L / RATE;
            requests.add(new RequestResult(i, end - 10_000, end, 200, null));
        }
        List<MeterSampler.Sample> reads = new ArrayList<>();
        for (int second = 1; second <= 5; second++) {
            Long serverNanos = server.at(second);
            MeterSnapshot meters = serverNanos == null ? null : new MeterSnapshot(List.of(
                    new MeterSnapshot.Reading(StandardMeter.PROCESS_CPU_TIME, "", serverNanos)), 1);
            reads.add(new MeterSampler.Sample(second, meters, 1, null, client.at(second)));
        }
        return new RateRun.Recording(new long[0], requests, List.of(), reads, 1, 5_000_000);
    }
}
