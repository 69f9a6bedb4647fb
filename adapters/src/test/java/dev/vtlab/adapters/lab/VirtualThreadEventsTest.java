package dev.vtlab.adapters.lab;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The JFR recorder counts virtual threads, and begins new chunks so that its parser lets old threads go. */
class VirtualThreadEventsTest {

    private static final int THREADS = 500;

    @Test
    void counts_the_virtual_threads_started_and_rotates_the_chunk_they_were_recorded_in() throws Exception {
        try (VirtualThreadEvents events = new VirtualThreadEvents()) {
            events.reset();
            long rotationsBefore = events.rotations();

            startAndJoin(THREADS);

            // Counts, not times: JFR delivers about once a second and a new chunk is begun at most every 2 s.
            Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(events.started()).isGreaterThanOrEqualTo(THREADS);
                assertThat(events.rotations()).isGreaterThan(rotationsBefore);
            });

            events.reset();
            assertThat(events.started()).isZero();
            assertThat(events.pinned()).isZero();

            startAndJoin(THREADS);
            Awaitility.await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(events.started()).isGreaterThanOrEqualTo(THREADS));
        }
    }

    private static void startAndJoin(int count) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            threads.add(Thread.ofVirtual().start(() -> { }));
        }
        for (Thread thread : threads) {
            thread.join(Duration.ofSeconds(10));
        }
    }
}
