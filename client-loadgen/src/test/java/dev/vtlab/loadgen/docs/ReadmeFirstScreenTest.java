package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README is read in five minutes: at most 100 lines, the answer right after the introduction, and nothing in
 * a code block but commands (checked by {@link DocsCommandsTest}) and the one diagram.
 */
class ReadmeFirstScreenTest {

    private static final List<String> LINES = readme();

    @Test
    void the_readme_has_at_most_100_lines() {
        assertThat(LINES).hasSizeLessThanOrEqualTo(100);
    }

    @Test
    void the_answer_comes_first_then_the_commands() {
        List<String> sections = LINES.stream().filter(line -> line.startsWith("## ")).toList();
        assertThat(sections).startsWith("## The answer", "## Two commands", "## Where each flag acts");
        assertThat(sections).last().isEqualTo("## Read on");
    }

    @Test
    void every_code_block_is_commands_or_the_diagram() throws Exception {
        List<String> openings = LINES.stream().filter(line -> line.startsWith("```") && line.length() > 3).toList();
        long fences = LINES.stream().filter(line -> line.startsWith("```")).count();
        assertThat(fences).as("every block opened is closed").isEqualTo(2L * openings.size());
        assertThat(openings).containsOnly("```bash", "```text");
        assertThat(openings).filteredOn("```text"::equals).hasSize(1);
        assertThat(DocsCommandsTest.commands(CommandChecks.root().resolve("README.md")))
                .as("the commands DocsCommandsTest runs").contains("./mvnw -Pexperiment package", "./mvnw verify");
    }

    private static List<String> readme() {
        try {
            return Files.readAllLines(CommandChecks.root().resolve("README.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
