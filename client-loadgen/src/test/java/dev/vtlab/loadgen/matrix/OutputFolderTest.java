package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Two matrices never write into one folder: a default name taken in the same second gets a suffix, and a
 * folder a running matrix holds is refused. */
class OutputFolderTest {

    @Test
    void two_runs_of_the_same_second_get_folders_of_their_own(@TempDir Path experiments) throws Exception {
        Path first = OutputFolder.createNew(experiments, "20261123-010203");
        Path second = OutputFolder.createNew(experiments, "20261123-010203");

        assertThat(first).isDirectory().hasFileName("20261123-010203");
        assertThat(second).isDirectory().hasFileName("20261123-010203-2");
    }

    @Test
    void a_folder_held_by_a_running_matrix_is_refused(@TempDir Path out) throws Exception {
        try (OutputFolder held = OutputFolder.claim(out)) {
            assertThatThrownBy(() -> OutputFolder.claim(out)).isInstanceOf(OutputFolder.TakenException.class)
                    .hasMessageContaining("another matrix that is still running");

            CommandLineTestSupport.Outcome second = CommandLineTestSupport.execute("matrix", "--modes", "sync",
                    "--server-jar", ServerJar.path().toString(), "--out", out.toString());
            // Once in a fresh clone's run (twice in all) the refusal came with exit 2 and nothing in err: what the
            // command printed to out is kept beside the assertion, to tell where it went the next time.
            assertThat(second.exitCode()).as("out: %s err: %s", second.out(), second.err()).isEqualTo(2);
            assertThat(second.err()).as("out: %s", second.out()).contains(out + " is being written by another matrix");
        }
        OutputFolder.claim(out).close(); // free again once the first one is done
    }
}
