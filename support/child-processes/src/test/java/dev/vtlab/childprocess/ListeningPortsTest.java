package dev.vtlab.childprocess;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ListeningPortsTest {

    @AfterEach
    void clear() {
        System.clearProperty(ListeningPorts.PORTS_FILE);
        System.clearProperty(RunnerWatch.RUNNER_PID);
    }

    @Test
    void the_runner_reads_the_ports_a_child_reported_by_name(@TempDir Path dir) {
        Path file = dir.resolve("server.ports");
        assertThat(ListeningPorts.read(file)).isEmpty();
        String option = ListeningPorts.optionForChildren(file);
        System.setProperty(ListeningPorts.PORTS_FILE, option.substring(option.indexOf('=') + 1));

        ListeningPorts.report(Map.of(ListeningPorts.HTTP, 43210, "lab", 43211));

        assertThat(ListeningPorts.read(file)).contains(Map.of("http", 43210, "lab", 43211));
    }

    @Test
    void a_process_started_by_hand_writes_nothing(@TempDir Path dir) throws Exception {
        ListeningPorts.report(Map.of(ListeningPorts.HTTP, 8080));

        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void a_runner_pid_that_is_no_number_is_refused_naming_the_property() {
        System.setProperty(RunnerWatch.RUNNER_PID, "abc");

        assertThatThrownBy(() -> RunnerWatch.exitWhenTheRunnerIsGone("test"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value 'abc' for vtlab.lab.runner-pid: expected the process id of the runner "
                        + "that started this process.");
    }

    @Test
    void the_option_for_children_names_this_process() {
        assertThat(RunnerWatch.optionForChildren())
                .isEqualTo("-Dvtlab.lab.runner-pid=" + ProcessHandle.current().pid());
    }
}
