package dev.vtlab.loadgen.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The collector's CPU is the sum of its threads' run time, read as Linux lays out /proc/PID/task. */
class CollectorThreadsTest {

    @Test
    void the_collectors_threads_are_summed_and_no_other(@TempDir Path tasks) throws IOException {
        thread(tasks, 101, "GC Thread#0", "100 900 7");
        thread(tasks, 102, "GC Thread#1", "20 5 1");
        thread(tasks, 103, "G1 Conc#0", "30 0 2");
        thread(tasks, 104, "VM Thread", "1000 0 9"); // Serial's collections run here, among other work: not counted
        thread(tasks, 105, "vt-tomcat-1", "5000 0 3");

        assertThat(CollectorThreads.cpuTime(tasks)).contains(Duration.ofNanos(150));
    }

    @Test
    void without_proc_it_is_unknown(@TempDir Path nothing) {
        assertThat(CollectorThreads.cpuTime(nothing.resolve("no-such-process/task"))).isEmpty();
    }

    private static void thread(Path tasks, int id, String name, String schedstat) throws IOException {
        Path thread = Files.createDirectories(tasks.resolve(String.valueOf(id)));
        Files.writeString(thread.resolve("comm"), name + "\n");
        Files.writeString(thread.resolve("schedstat"), schedstat + "\n");
    }
}
