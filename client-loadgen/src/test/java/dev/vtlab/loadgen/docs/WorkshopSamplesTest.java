package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.matrix.HumanDuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trainer's guide quotes the workshop's recorded run, the JDK page the find-a-pin script's, and the
 * architecture page the diagram its rule checks, never memory:
 * every sample block
 * ({@code <!-- sample: results/workshop/FILE -->} before a fenced {@code text} block) is found in that file, line
 * by line and in order ({@code ...} skips lines; a line may be the end of a longer one, as a log line without its
 * timestamp), and the schedule's machine time per exercise is the sum of that exercise's steps in durations.txt.
 */
class WorkshopSamplesTest {

    private static final Path GUIDE = CommandChecks.root().resolve("docs/workshop-trainer.md");
    private static final Pattern SAMPLE = Pattern.compile("<!-- sample: (\\S+) -->");
    private static final Pattern STEP = Pattern.compile("(ex\\d)-\\S+ (?:started in )?(\\d+) s.*");
    private static final Pattern EXERCISE_ROW = Pattern.compile("\\| [^|]+ \\| exercise (\\d):[^|]*\\| ([^|]+) \\|");

    @ParameterizedTest
    @ValueSource(strings = {"docs/workshop-trainer.md", "docs/jdk-21-vs-25.md", "docs/architecture.md"})
    void every_sample_is_in_the_file_it_names(String page) throws Exception {
        Path markdown = CommandChecks.root().resolve(page);
        List<String> lines = Files.readAllLines(markdown);
        int samples = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher sample = SAMPLE.matcher(lines.get(i));
            if (!sample.matches()) {
                continue;
            }
            String where = page + ":" + (i + 1);
            assertThat(lines.get(i + 1)).as(where + ": a text block after the marker").isEqualTo("```text");
            List<String> block = new ArrayList<>();
            for (int j = i + 2; !lines.get(j).equals("```"); j++) {
                block.add(lines.get(j));
            }
            Path file = markdown.getParent().resolve(sample.group(1));
            assertThat(file).as(where).isRegularFile();
            assertInOrder(block, Files.readAllLines(file), where + " (" + sample.group(1) + ")");
            samples++;
        }
        assertThat(samples).as("samples in " + page).isPositive();
    }

    @Test
    void the_schedules_machine_time_is_the_recorded_steps_sum() throws Exception {
        List<String> steps = Files.readAllLines(GUIDE.getParent().resolve("results/workshop/durations.txt"));
        int rows = 0;
        for (String line : Files.readAllLines(GUIDE)) {
            Matcher row = EXERCISE_ROW.matcher(line);
            if (!row.find()) {
                continue;
            }
            long seconds = 0;
            for (String step : steps) {
                Matcher m = STEP.matcher(step);
                if (m.matches() && m.group(1).equals("ex" + row.group(1))) {
                    seconds += Long.parseLong(m.group(2));
                }
            }
            assertThat(row.group(2).strip()).as(line).isEqualTo(HumanDuration.of(Duration.ofSeconds(seconds)));
            rows++;
        }
        assertThat(rows).as("exercise rows of the schedule").isEqualTo(6);
    }

    private static void assertInOrder(List<String> block, List<String> file, String where) {
        int at = 0;
        for (String line : block) {
            if (line.equals("...")) {
                continue;
            }
            int found = -1;
            for (int k = at; k < file.size(); k++) {
                if (file.get(k).equals(line) || file.get(k).endsWith(line)) {
                    found = k;
                    break;
                }
            }
            assertThat(found).as("%s: '%s' in the file, after the sample's previous line", where, line)
                    .isNotNegative();
            at = found + 1;
        }
    }
}
