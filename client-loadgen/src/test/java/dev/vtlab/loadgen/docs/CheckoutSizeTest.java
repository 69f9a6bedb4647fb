package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A clone stays small enough for an IDE to open for a flag experiment: no tracked file over 1 MB (a flooded log
 * becomes a summary, docs/results/summarize-log.py; a result over 16 KB is kept as its .gz, read by its own name,
 * StoredFiles) and the tracked files within 20 MB in all (from 260 MB). Each bound also runs against a fixture that
 * breaks it.
 */
class CheckoutSizeTest {

    static final long MAX_FILE = 1_000_000;
    static final long MAX_TOTAL = 20_000_000;

    @Test
    void no_tracked_file_is_over_a_megabyte_and_all_of_them_are_within_the_total() throws Exception {
        Map<String, Long> tracked = tracked(CommandChecks.root());
        assertThat(tracked).as("tracked files").hasSizeGreaterThan(100);
        assertThat(problems(tracked)).isEmpty();
    }

    @Test
    void a_large_file_and_a_large_checkout_each_fail() {
        Map<String, Long> fixture = new LinkedHashMap<>();
        fixture.put("docs/results/flood/server.log", MAX_FILE + 1);
        fixture.put("README.md", 4_000L);
        assertThat(problems(fixture)).containsExactly("docs/results/flood/server.log: 1000001 bytes, over 1000000");
        Map<String, Long> many = new LinkedHashMap<>();
        for (int i = 0; i < 60; i++) {
            many.put("docs/results/run-" + i + "/results.json", 999_999L);
        }
        assertThat(problems(many)).containsExactly("tracked files: 59999940 bytes in all, over " + MAX_TOTAL);
    }

    static List<String> problems(Map<String, Long> tracked) {
        List<String> problems = new ArrayList<>();
        tracked.forEach((file, size) -> {
            if (size > MAX_FILE) {
                problems.add(file + ": " + size + " bytes, over " + MAX_FILE);
            }
        });
        long total = tracked.values().stream().mapToLong(Long::longValue).sum();
        if (total > MAX_TOTAL) {
            problems.add("tracked files: " + total + " bytes in all, over " + MAX_TOTAL);
        }
        return problems;
    }

    /** Every file git tracks in {@code root}, with its size in the work tree. */
    static Map<String, Long> tracked(Path root) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files", "-z").directory(root.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor(60, TimeUnit.SECONDS)).as("git ls-files ended within 60 s").isTrue();
        assertThat(git.exitValue()).as("git ls-files in %s (the test needs a git checkout)", root).isZero();
        Map<String, Long> sizes = new LinkedHashMap<>();
        for (String file : out.split("\0")) {
            Path path = root.resolve(file);
            if (!file.isEmpty() && Files.isRegularFile(path)) {
                sizes.put(file, Files.size(path));
            }
        }
        return sizes;
    }
}
