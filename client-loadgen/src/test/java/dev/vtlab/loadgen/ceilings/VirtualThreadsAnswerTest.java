package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ServiceSettings;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Boot's switch would do, from what a search measured: request threads go and the next ceiling binds; the heap
 * must hold every request the web server lets in, and the bound that keeps it alive is half of what it holds.
 */
class VirtualThreadsAnswerTest {

    private static final MeterCeiling THREADS = new MeterCeiling(MeterCeiling.Kind.REQUEST_THREADS, "tomcat", 200,
            0.4, StandardMeter.HTTP_REQUESTS_ACTIVE, StandardMeter.HTTP_REQUESTS_ACTIVE, "test");
    private static final MeterCeiling CPU = new MeterCeiling(MeterCeiling.Kind.CPU, "process", 2, 0.0025,
            StandardMeter.PROCESS_CPU, StandardMeter.PROCESS_CPU, "test");

    @Test
    void request_threads_go_the_cpu_binds_next_and_the_heap_sets_the_connection_bound() {
        // 512 MiB heap, 112 MiB in use at rest: 400 MiB for requests of 400 KiB each -> 1,024 held, 512 with headroom.
        CeilingSearch.AtRest atRest = new CeilingSearch.AtRest(0.05, 112.0 * (1 << 20), 512.0 * (1 << 20),
                "tomcat", ServiceSettings.bootDefaults("not exposed"), null);

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(atRest, List.of(THREADS, CPU), 400.0);

        assertThat(answer.switchOn()).isFalse();
        assertThat(answer.nextCeiling()).isEqualTo(CPU);
        assertThat(answer.heapHolds()).isEqualTo(1024);
        assertThat(answer.maxConnections()).isEqualTo(512);
        assertThat(answer.admitted()).isEqualTo(8192);
        assertThat(answer.admittedNow()).isEqualTo(200);
        assertThat(String.join("\n", answer.lines())).contains(
                "the ceiling is CPU process at 800 req/s (unchanged)",
                "a request allocates 400 KB", "it holds about 1,024 requests in flight; with half of it left for "
                        + "garbage, 512",
                "up to 8,192 requests at once unless server.tomcat.max-connections is set (with the switch off, "
                        + "its 200 request threads): 16.0 x the safe count",
                "can turn an overload into an outage: set server.tomcat.max-connections=512");
    }

    @Test
    void without_heap_meters_the_heaps_ceiling_is_said_to_be_unknown() {
        CeilingSearch.AtRest atRest = new CeilingSearch.AtRest(0.05, null, null, null, null, null);

        VirtualThreadsAnswer answer = VirtualThreadsAnswer.of(atRest, List.of(THREADS), null);

        assertThat(answer.nextCeiling()).isNull();
        assertThat(answer.lines()).containsExactly("With spring.threads.virtual.enabled=true: request threads are no "
                        + "ceiling any more; the meters show no other ceiling.",
                "The heap's ceiling is unknown: the meters serve no heap maximum or allocation "
                        + "(jvm_memory_max_bytes, jvm_gc_memory_allocated_bytes_total).");
    }
}
