package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.stored.StoredFiles;
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
    private static final Pattern STEP = Pattern.compile("(ex\\d+)-\\S+ (?:started in )?(\\d+) s.*");
    private static final Pattern EXERCISE_ROW = Pattern.compile("\\| [^|]+ \\| exercise (\\d+):[^|]*\\| ([^|]+) \\|");
    /** What the schedule says of an exercise whose steps were recorded without their times. */
    static final String NOT_TIMED = "not timed step by step";

    @ParameterizedTest
    @ValueSource(strings = {"docs/workshop-trainer.md", "docs/jdk-21-vs-25.md", "docs/architecture.md"})
    void every_sample_is_in_the_file_it_names(String page) throws Exception {
        Path markdown = CommandChecks.root().resolve(page);
        List<String> lines = StoredFiles.readAllLines(markdown);
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
            assertThat(StoredFiles.exists(file)).as(where + ": " + file + " (or its .gz)").isTrue();
            assertInOrder(block, StoredFiles.readAllLines(file), where + " (" + sample.group(1) + ")");
            samples++;
        }
        assertThat(samples).as("samples in " + page).isPositive();
    }

    /**
     * Every exercise has one slot in the schedule (the half day's or the longer session's), and its machine time is
     * the sum of its recorded steps: durations.txt, and an exercise's own folder's (ex9/durations.txt); an exercise
     * recorded without its steps' times says so.
     */
    @Test
    void the_schedules_machine_time_is_the_recorded_steps_sum() throws Exception {
        Path workshop = GUIDE.getParent().resolve("results/workshop");
        List<String> steps = new ArrayList<>(StoredFiles.readAllLines(workshop.resolve("durations.txt")));
        List<Integer> exercises = StoredFiles.readAllLines(GUIDE.resolveSibling("workshop.md")).stream()
                .map(Pattern.compile("^## Exercise (\\d+)\\b.*")::matcher).filter(Matcher::matches)
                .map(m -> Integer.parseInt(m.group(1))).toList();
        assertThat(exercises).as("the sheet's exercises").hasSizeGreaterThanOrEqualTo(10);
        for (int n : exercises) {
            Path own = workshop.resolve("ex" + n).resolve("durations.txt");
            if (Files.isRegularFile(own)) {
                steps.addAll(StoredFiles.readAllLines(own));
            }
        }
        List<Integer> slotted = new ArrayList<>();
        for (String line : StoredFiles.readAllLines(GUIDE)) {
            Matcher row = EXERCISE_ROW.matcher(line);
            if (!row.find()) {
                continue;
            }
            long seconds = 0;
            int recorded = 0;
            for (String step : steps) {
                Matcher m = STEP.matcher(step);
                if (m.matches() && m.group(1).equals("ex" + row.group(1))) {
                    seconds += Long.parseLong(m.group(2));
                    recorded++;
                }
            }
            assertThat(row.group(2).strip()).as(line)
                    .isEqualTo(recorded == 0 ? NOT_TIMED : HumanDuration.of(Duration.ofSeconds(seconds)));
            slotted.add(Integer.parseInt(row.group(1)));
        }
        assertThat(slotted).as("the exercises the schedule gives a slot, each once")
                .containsExactlyInAnyOrderElementsOf(exercises);
    }

    /** A burst summary's p99. */
    private static final String P99 = "(?m)^latency ms .*? p99 (\\S+)";

    /** The workshop's claims are its recording's: exercise 1's two bursts, and the half day's steps. */
    @Test
    void the_workshops_claims_are_its_recordings() throws Exception {
        Path workshop = GUIDE.getParent().resolve("results/workshop");
        String off = StoredFiles.readString(workshop.resolve("ex1-burst-T-off.txt"));
        String on = StoredFiles.readString(workshop.resolve("ex1-burst-T-on.txt"));
        assertThat(Claims.statement("guide-workshop-ex1")).contains(String.format(java.util.Locale.ROOT,
                "2000 requests to `/sync`, p99 %,.0f ms with T off and %,.0f ms with T on, none failed; the server "
                        + "peaked at %s platform threads with T off, %s with T on", Double.parseDouble(field(off, P99)),
                Double.parseDouble(field(on, P99)),
                field(off, "platform threads peak (\\d+)"), field(on, "platform threads peak (\\d+)")));
        assertThat(field(off, "(?m)^failed +(\\d+)")).isEqualTo("0");
        assertThat(field(on, "(?m)^failed +(\\d+)")).isEqualTo("0");
        assertThat(field(off, "(?m)^succeeded +(\\d+)")).isEqualTo("2000");
        long seconds = 0;
        long longest = 0;
        String longestStep = null;
        for (String step : StoredFiles.readAllLines(workshop.resolve("durations.txt"))) {
            Matcher m = STEP.matcher(step);
            if (m.matches() && Integer.parseInt(m.group(1).substring(2)) <= 6) {
                long s = Long.parseLong(m.group(2));
                seconds += s;
                if (s > longest) {
                    longest = s;
                    longestStep = step;
                }
            }
        }
        assertThat(longestStep).as("the longest step").startsWith("ex6-burst-T-off ");
        assertThat(Claims.statement("guide-workshop-half-day")).contains("take the machine "
                + HumanDuration.of(Duration.ofSeconds(seconds)) + " of steps from a fresh clone, the longest a "
                + longest + " s burst (exercise 6, T off)");
    }

    private static String field(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in the recording", regex).isTrue();
        return m.group(1);
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
