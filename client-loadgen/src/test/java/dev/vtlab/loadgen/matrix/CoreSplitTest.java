package dev.vtlab.loadgen.matrix;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CoreSplitTest {

    @Test
    void reads_the_cores_a_process_may_use_from_its_status() {
        assertThat(CoreSplit.allowedCores("Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-3,6\n"))
                .containsExactly(0, 1, 2, 3, 6);
        assertThat(CoreSplit.allowedCores("Cpus_allowed_list:\t1\n")).containsExactly(1);
    }

    @Test
    void the_server_gets_the_first_cores_and_the_load_generator_the_rest() {
        CoreSplit split = CoreSplit.of(1, List.of(0, 1));

        assertThat(split.server()).containsExactly(0);
        assertThat(split.client()).containsExactly(1);
        assertThat(split.launcher("/jdk/bin/java")).containsExactly("taskset", "-c", "0", "/jdk/bin/java");
        assertThat(split.describe()).isEqualTo("server on core 0, load generator on core 1");
        assertThat(CoreSplit.of(2, List.of(0, 1, 2, 3)).describe())
                .isEqualTo("server on cores 0,1, load generator on cores 2,3");
    }

    @Test
    void a_split_that_leaves_a_side_without_a_core_is_refused_in_one_line() {
        assertThatThrownBy(() -> CoreSplit.of(2, List.of(0, 1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--server-cores must leave each side at least one core: between 1 and 1 of the 2 cores "
                        + "this process may use (0,1), was 2");
        assertThatThrownBy(() -> CoreSplit.of(0, List.of(0, 1))).hasMessageStartingWith("--server-cores must leave");
    }

    @Test
    void a_server_on_cores_of_its_own_keeps_the_collector_it_has_on_every_core() {
        assertThat(serverSettings(new CoreSplit(List.of(0), List.of(1))).jvmOptions())
                .containsExactly("-XX:+ExitOnOutOfMemoryError", "-XX:+UseG1GC", "-Xmx512m");
        assertThat(serverSettings(null).jvmOptions()).containsExactly("-XX:+ExitOnOutOfMemoryError", "-Xmx512m");
    }

    private static MatrixSettings.ServerSettings serverSettings(CoreSplit cores) {
        return new MatrixSettings.ServerSettings(Duration.ofMillis(250), Duration.ofMillis(250), FanOutWay.SEQUENTIAL, "512m", null,
                List.of(), null, Path.of("server.jar"), Path.of("downstream.jar"), cores);
    }
}
