package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages lead with their answer and stay short enough to read: each within its budget of lines, the guide within
 * 1,000 words with every "what to do" cell one sentence of at most 200 characters, each decision one record of
 * context, decision and consequence in at most 15 lines, and no page a reader starts from tells run history ("set
 * 12", "commit abc1234", "an hour later"): that lives beside its data. Each check also runs against a fixture that
 * breaks it.
 */
class PageBudgetsTest {

    static final Path GUIDE = CommandChecks.root().resolve("docs/where-to-place-virtual-threads.md");
    static final String WHAT_TO_DO = "what to do";
    static final Pattern HISTORY = Pattern.compile(
            "(?i)\\bsets? \\d+\\b|\\bcommits? `?[0-9a-f]{7,40}\\b|\\bsince commit\\b|\\ban hour later\\b");
    static final List<String> RECORD_PARTS = List.of("**Context.**", "**Decision.**", "**Consequence.**");

    @ParameterizedTest
    @CsvSource({"README.md, 100", "docs/web-servers.md, 200", "docs/observing.md, 300", "docs/capacity.md, 150",
            "docs/benchmarks.md, 250"})
    void each_page_is_within_its_budget_of_lines(String page, int lines) throws IOException {
        assertThat(Files.readAllLines(CommandChecks.root().resolve(page))).as(page).hasSizeLessThanOrEqualTo(lines);
    }

    @Test
    void the_guide_is_within_a_thousand_words_and_says_each_thing_to_do_in_one_short_sentence() throws IOException {
        List<String> lines = Files.readAllLines(GUIDE);
        assertThat(words(String.join("\n", lines))).as("words in the guide").isLessThanOrEqualTo(1000);
        List<String> cells = column(lines, WHAT_TO_DO);
        assertThat(cells).as("'what to do' cells of the guide").isNotEmpty();
        assertThat(cells.stream().filter(c -> !oneShortSentence(c)).toList())
                .as("'what to do' cells that are not one sentence of at most 200 characters").isEmpty();
    }

    @Test
    void each_decision_is_one_short_record_of_context_decision_and_consequence() throws IOException {
        assertThat(recordProblems(Files.readAllLines(CommandChecks.root().resolve("docs/decisions.md")))).isEmpty();
    }

    @Test
    void no_page_a_reader_starts_from_tells_run_history() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : startingPages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                if (HISTORY.matcher(lines.get(i)).find()) {
                    found.add(CommandChecks.root().relativize(page) + ":" + (i + 1) + ": " + lines.get(i));
                }
            }
        }
        assertThat(found).as("run history in README.md and docs/*.md (it belongs in docs/results/*/README.md)")
                .isEmpty();
    }

    @Test
    void each_budget_check_fails_on_a_page_that_breaks_it() {
        assertThat(words("one two  three\nfour | five |")).isEqualTo(5);
        String table = "| your code | what to do | the setting |\n| --- | --- | --- |\n";
        assertThat(column(List.of((table + "| x | Do this. Then that. | y |").split("\n")), WHAT_TO_DO))
                .allMatch(c -> !oneShortSentence(c));
        assertThat(oneShortSentence("Give the web server virtual threads (`T`, e.g. 1.5 s).")).isTrue();
        assertThat(oneShortSentence("x".repeat(201) + ".")).isFalse();
        List<String> decisions = new ArrayList<>(List.of("# Decisions", "", "## Short", "**Context.** c",
                "**Decision.** d", "**Consequence.** e", "", "## Missing its consequence", "**Context.** c",
                "**Decision.** d", "", "## Too long", "**Context.** c", "**Decision.** d", "**Consequence.** e"));
        for (int i = 0; i < 12; i++) {
            decisions.add("more");
        }
        assertThat(recordProblems(decisions)).hasSize(2)
                .anyMatch(p -> p.contains("Missing its consequence") && p.contains("Consequence"))
                .anyMatch(p -> p.contains("Too long") && p.contains("lines"));
        assertThat(Stream.of("as set 31 showed", "at commit `9a94b97`", "since commit x", "An hour later")
                .filter(s -> HISTORY.matcher(s).find())).hasSize(4);
        assertThat(HISTORY.matcher("set T on, the settings 2, a set of 3 runs").find()).isFalse();
    }

    static int words(String text) {
        return (int) Stream.of(text.split("[\\s|]+")).filter(w -> w.matches(".*[\\p{L}\\p{N}].*")).count();
    }

    /** The cells of one column in every table whose header names it. */
    static List<String> column(List<String> lines, String name) {
        List<String> cells = new ArrayList<>();
        int index = -1;
        for (String line : lines) {
            if (!line.startsWith("|")) {
                index = -1;
                continue;
            }
            List<String> row = Stream.of(line.strip().substring(1).split("(?<!\\\\)\\|")).map(String::strip).toList();
            if (index < 0) {
                index = row.indexOf(name);
                if (index < 0) {
                    index = Integer.MAX_VALUE; // a table without the column: skip its rows
                }
            } else if (index != Integer.MAX_VALUE && !row.get(0).startsWith("---") && index < row.size()) {
                cells.add(row.get(index));
            }
        }
        return cells;
    }

    /** One sentence (one full stop, at its end, outside code and figures) of at most 200 characters. */
    static boolean oneShortSentence(String cell) {
        String prose = cell.replaceAll("`[^`]*`", "code").replaceAll("\\d\\.\\d", "0").replaceAll("e\\.g\\.", "eg")
                .replaceAll("i\\.e\\.", "ie").replaceAll("\\([^)]*\\)", "(aside)");
        return cell.length() <= 200 && prose.strip().matches("[^.!?]+[.!?]?");
    }

    /** Each ## record of decisions.md: its three parts, and at most 15 lines from its heading to the next. */
    static List<String> recordProblems(List<String> lines) {
        List<String> problems = new ArrayList<>();
        String heading = null;
        List<String> body = new ArrayList<>();
        for (String line : Stream.concat(lines.stream(), Stream.of("## end")).toList()) {
            if (line.startsWith("## ")) {
                if (heading != null) {
                    while (!body.isEmpty() && body.getLast().isBlank()) {
                        body.removeLast();
                    }
                    List<String> missing = RECORD_PARTS.stream()
                            .filter(p -> body.stream().noneMatch(l -> l.startsWith(p))).toList();
                    if (!missing.isEmpty()) {
                        problems.add(heading + ": no " + missing);
                    }
                    if (body.size() + 1 > 15) {
                        problems.add(heading + ": " + (body.size() + 1) + " lines, more than 15");
                    }
                }
                heading = line;
                body.clear();
            } else if (heading != null) {
                body.add(line);
            }
        }
        return problems;
    }

    private static List<Path> startingPages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(CommandChecks.root().resolve("README.md")));
        try (Stream<Path> docs = Files.list(CommandChecks.root().resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}
