package dev.vtlab.lab;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The JFR recorder counts virtual threads, begins new chunks so that its parser lets old threads go, and never keeps
 * the server from stopping.
 */
class VirtualThreadEventsTest {

    private static final int THREADS = 500;

    @Test
    void closing_stops_waiting_for_a_stream_that_does_not_close() {
        // A closer that never runs the close: the stream stands for one whose JFR hung at shutdown.
        VirtualThreadEvents events = new VirtualThreadEvents(neverRun -> { }, Duration.ofSeconds(1));

        assertTimeoutPreemptively(Duration.ofSeconds(25), events::close);
    }

    @Test
    void once_the_jvm_begins_to_stop_no_chunk_is_begun_and_the_counts_go_on() throws Exception {
        try (VirtualThreadEvents events = new VirtualThreadEvents(Runnable::run)) {
            events.jvmStops(); // what the JVM's shutdown hook does
            long rotationsBefore = events.rotations();

            startAndJoin(THREADS);

            Awaitility.await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(events.started()).isGreaterThanOrEqualTo(THREADS));
            // Longer than a rotation's interval (2 s) and two of JFR's deliveries: none began.
            Awaitility.await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                    .until(() -> events.rotations() == rotationsBefore);
        }
    }

    @Test
    void counts_the_virtual_threads_started_and_rotates_the_chunk_they_were_recorded_in() throws Exception {
        try (VirtualThreadEvents events = new VirtualThreadEvents(Runnable::run)) {
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
