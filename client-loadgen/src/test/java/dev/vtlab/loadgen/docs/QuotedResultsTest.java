package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.report.CapacityReport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The result tables the README and docs/jdk-21-vs-25.md quote are their results files' own, cell by cell: the
 * README's headline against docs/results/seed-2cores/results.json (the all-off run, its failures, the flag the
 * findings say matters, the fastest clean run), the JDK page against docs/results/jdk-21-vs-25/VARIANT. A
 * re-measured folder or a mistyped number fails the build, naming the page and the row.
 */
class QuotedResultsTest {

    @Test
    void the_readme_headline_is_the_seed_runs_own() throws Exception {
        JsonNode results = ResultsJson.read(CommandChecks.root().resolve("docs/results/seed-2cores/results.json"));
        List<List<String>> rows = MarkdownTables.bodyRows(CommandChecks.root().resolve("README.md"),
                "| mode | all flags off: p99 ms | failed of 2000 | flag that matters | fastest clean: p99 ms "
                        + "| sustained req/s, flag off → on |");
        List<CapacityRun> capacity = CapacityReport.Results.read(CommandChecks.root().resolve(
                "docs/results/capacity-quick/results.json")).runs();
        assertThat(rows).as("the README's results table").hasSize(4);
        for (List<String> row : rows) {
            String where = "README.md: " + row;
            String mode = row.get(0);
            JsonNode allOff = ResultsJson.run(results, mode, "T0 A0 W0 R0").path("summary");
            assertThat(row.get(1)).as(where).isEqualTo(Printed.whole(allOff.path("latency").path("p99Ms")));
            assertThat(row.get(2)).as(where).startsWith(allOff.path("failed").asString());
            JsonNode matters = null;
            for (JsonNode effect : results.path("findings").path("flagEffects")) {
                if (effect.path("mode").asString().equals(mode) && effect.path("verdict").asString().equals("MATTERS")) {
                    matters = effect;
                }
            }
            assertThat(matters).as(where + ": the flag the findings say matters").isNotNull();
            String change = matters.path("pairs").get(0).path("change").asString();
            assertThat(row.get(3)).as(where).isEqualTo(matters.path("flag").asString() + " ("
                    + (change.equals("both clean") ? String.format(Locale.ROOT, "p99 x%.2f",
                    matters.path("medianP99Ratio").asDouble()) : change) + ")");
            JsonNode best = null;
            for (JsonNode b : results.path("findings").path("best")) {
                if (b.path("mode").asString().equals(mode)) {
                    best = b;
                }
            }
            assertThat(best).as(where + ": the fastest clean run").isNotNull();
            assertThat(row.get(4)).as(where).startsWith(Printed.whole(best.path("p99Ms")) + " (");
            Mode style = Mode.valueOf(mode.toUpperCase(Locale.ROOT));
            Combination off = new Combination(false, false, false, false);
            assertThat(row.get(5)).as(where).isEqualTo(sustained(capacity, mode, off) + " → "
                    + sustained(capacity, mode, off.with(style.waitsOn(), true)));
        }
    }

    /**
     * The claims of the four styles (docs/claims.md, "The flags and the four styles") are the seed run's: for each
     * style the flag the findings say matters, the all-off run's p99 and failures, and the fastest clean run; the
     * range of every no-effect verdict; and the fastest clean runs against the floor.
     */
    @Test
    void the_four_styles_claims_are_the_seed_runs() throws Exception {
        JsonNode results = ResultsJson.read(CommandChecks.root().resolve("docs/results/seed-2cores/results.json"));
        JsonNode syncOff = ResultsJson.run(results, "sync", "T0 A0 W0 R0").path("summary");
        JsonNode syncOn = ResultsJson.run(results, "sync", "T1 A0 W0 R0").path("summary");
        JsonNode syncT = ResultsJson.effect(results, "sync", "T");
        assertThat(syncT.path("verdict").asString()).isEqualTo("MATTERS");
        assertThat(Claims.statement("guide-sync-t")).contains(String.format(Locale.ROOT,
                "T, the web server's request threads, is the flag that matters: p99 %s ms with every flag off, %s ms "
                        + "with T on (x%.2f), %s of 2000 failed either way", thousands(syncOff.path("latency").path("p99Ms")),
                thousands(syncOn.path("latency").path("p99Ms")), syncT.path("medianP99Ratio").asDouble(),
                syncOff.path("failed").asString()));
        assertThat(syncOn.path("failed").asString()).isEqualTo(syncOff.path("failed").asString());
        for (String[] style : new String[][] {{"guide-async-r", "async", "R"}, {"guide-wrapped-w", "wrapped", "W"},
                {"guide-callable-a", "callable", "A"}}) {
            String mode = style[1];
            JsonNode off = ResultsJson.run(results, mode, "T0 A0 W0 R0").path("summary");
            JsonNode matters = ResultsJson.effect(results, mode, style[2]);
            assertThat(matters.path("verdict").asString()).as(mode).isEqualTo("MATTERS");
            assertThat(matters.path("pairs").get(0).path("change").asString()).as(mode).isEqualTo("fixes failures");
            JsonNode best = best(results, mode);
            assertThat(Claims.statement(style[0])).as(style[0]).contains(": " + style[2] + ", ").contains(String.format(
                    Locale.ROOT, "fixes the failures: %s of 2000 failed with every flag off (p99 %s ms); the fastest "
                            + "clean run, %s, p99 %s ms", off.path("failed").asString(),
                    thousands(off.path("latency").path("p99Ms")), best.path("flags").asString(),
                    thousands(best.path("p99Ms"))));
        }
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        for (JsonNode effect : results.path("findings").path("flagEffects")) {
            if (effect.path("verdict").asString().equals("NO_EFFECT")) {
                lows.add(effect.path("p99RatioLow").asDouble());
                highs.add(effect.path("p99RatioHigh").asDouble());
            }
        }
        assertThat(Claims.statement("guide-other-flags-no-effect")).contains(String.format(Locale.ROOT,
                "p99 within x%.2f to x%.2f of the flag off (the threshold is %.0fx)", java.util.Collections.min(lows),
                java.util.Collections.max(highs), results.path("findings").path("threshold").asDouble()));
        List<JsonNode> bests = new ArrayList<>();
        results.path("findings").path("best").forEach(bests::add);
        assertThat(bests).hasSize(4);
        double low = bests.stream().mapToDouble(b -> b.path("p99OverFloor").asDouble()).min().orElseThrow();
        double high = bests.stream().mapToDouble(b -> b.path("p99OverFloor").asDouble()).max().orElseThrow();
        JsonNode fastest = bests.stream().min(java.util.Comparator.comparingDouble(b -> b.path("p99Ms").asDouble()))
                .orElseThrow();
        assertThat(fastest.path("mode").asString()).as("the fastest clean run's style").isEqualTo("sync");
        assertThat(Claims.statement("guide-sync-fastest")).contains(String.format(Locale.ROOT,
                "the fastest clean p99 of the four styles lay between %.2fx and %.2fx the %s ms floor, sync's the lowest",
                low, high, Printed.whole(fastest.path("floorMs"))));
    }

    private static JsonNode best(JsonNode results, String mode) {
        for (JsonNode b : results.path("findings").path("best")) {
            if (b.path("mode").asString().equals(mode)) {
                return b;
            }
        }
        throw new AssertionError("no fastest clean run of " + mode);
    }

    /** Whole, with a thousands separator, as the claims print milliseconds: 19,972. */
    private static String thousands(JsonNode value) {
        return String.format(Locale.ROOT, "%,.0f", value.asDouble());
    }

    private static String sustained(List<CapacityRun> runs, String mode, Combination flags) {
        return runs.stream().filter(r -> r.mode().equals(mode) && r.flags().equals(flags.label()))
                .map(r -> CapacityRun.rate(r.sustainedRate())).findFirst().orElseThrow();
    }

    /** What the main job took, as the README says, is the recorded run's. */
    @Test
    void the_main_jobs_time_is_the_recorded_runs() throws Exception {
        List<String> run = Files.readAllLines(CommandChecks.root().resolve("docs/results/main-job/run.txt"));
        Duration job = shellTime(value(run, "main job, real"));
        Duration matrix = Duration.between(Instant.parse(value(run, "matrix started")),
                Instant.parse(value(run, "matrix finished")));
        for (String page : List.of("README.md")) {
            String text = Files.readString(CommandChecks.root().resolve(page)).replace('\n', ' ');
            assertThat(text).as(page + ": the main job's time, and the matrix's")
                    .contains("took " + HumanDuration.of(job)).contains(HumanDuration.of(matrix) + " of it");
        }
        // The claim: its figures are the recorded run's, its verdict that run's against the 5 minutes.
        assertThat(Claims.statement("job-main-time")).contains(": " + HumanDuration.of(job) + ", "
                + HumanDuration.of(matrix) + " of it the matrix");
        assertThat(Claims.of("job-main-time").verdict()).isEqualTo(job.compareTo(FIVE_MINUTES) <= 0 ? "**Holds**"
                : "**Does not hold** (" + HumanDuration.of(job) + ")");
        Path evidence = CommandChecks.root().resolve("docs/results/main-job/README.md");
        List<List<String>> rows = MarkdownTables.bodyRows(evidence, "| run | date, commit | main job, real | the matrix | verdicts |");
        assertThat(rows).as("the main job's runs").isNotEmpty();
        String recorded = String.join("\n", run);
        for (List<String> row : rows) {
            if (row.get(0).equals("recorded")) {
                assertThat(row.get(2)).as(evidence + ": the recorded run").isEqualTo(value(run, "main job, real"));
                assertThat(row.get(3)).as(evidence + ": the recorded run").isEqualTo(HumanDuration.of(matrix));
                assertThat(value(run, "date")).as(evidence + ": the recorded run's date and commit")
                        .isEqualTo(row.get(1).replace(", ", ", commit "));
            } else {
                assertThat(recorded).as(evidence + ": a run of run.txt: " + row).contains(row.get(2))
                        .contains("the matrix " + row.get(3)).contains(row.get(1).substring(row.get(1).indexOf(", ") + 2));
            }
        }
    }

    /** What the tests took from a fresh clone, as the README says, is the recorded run's, and nothing skipped. */
    @Test
    void the_test_jobs_time_is_the_recorded_runs() throws Exception {
        List<String> run = Files.readAllLines(CommandChecks.root().resolve("docs/results/test-job/run.txt"));
        Duration job = shellTime(value(run, "test job, real"));
        String maven = value(run, "maven, total time"); // as Maven prints it: "05:46 min (Wall Clock)"
        Duration verify = Duration.ofMinutes(Long.parseLong(maven.substring(0, 2)))
                .plusSeconds(Long.parseLong(maven.substring(3, 5)));
        String tests = value(run, "tests");
        assertThat(tests).as("the recorded run skipped nothing").endsWith(", 0 skipped");
        String readme = Files.readString(CommandChecks.root().resolve("README.md")).replace('\n', ' ');
        assertThat(readme).as("README.md: the tests' time, Maven's, and how many ran")
                .contains("`bash .ci/run` took " + HumanDuration.of(job) + ", " + HumanDuration.of(verify)
                        + " of it `./mvnw verify`, " + tests.substring(0, tests.indexOf(' ')) + " tests, none skipped");

        // The evidence's runs: the recorded one is run.txt's own lines, each other one is in its "other runs".
        Path evidence = CommandChecks.root().resolve("docs/results/test-job/README.md");
        List<List<String>> rows = MarkdownTables.bodyRows(evidence,
                "| run | commit | `.ci/run` real | `./mvnw verify` (Maven) | CPU, user + sys |");
        String text = String.join("\n", run);
        List<Duration> jobs = new ArrayList<>();
        List<Duration> verifies = new ArrayList<>();
        for (List<String> row : rows) {
            String where = evidence + ": " + row;
            String[] cpu = row.get(4).split(" \\+ ");
            if (row.get(0).equals("recorded")) {
                assertThat(row.get(2)).as(where).isEqualTo(value(run, "test job, real"));
                assertThat(row.get(3)).as(where).isEqualTo(maven.substring(0, 5));
                assertThat(value(run, "date")).as(where).endsWith("commit " + row.get(1));
                assertThat(value(run, "cpu")).as(where).isEqualTo(cpu[0] + " user, " + cpu[1] + " sys");
            } else {
                assertThat(text).as(where).contains(row.get(1)).contains("real " + row.get(2) + " (Maven "
                        + row.get(3) + "), " + cpu[0] + " user, " + cpu[1] + " sys");
            }
            jobs.add(shellTime(row.get(2)));
            verifies.add(Duration.ofMinutes(Long.parseLong(row.get(3).substring(0, 2)))
                    .plusSeconds(Long.parseLong(row.get(3).substring(3, 5))));
        }
        assertThat(rows).as("the test job's runs").hasSizeGreaterThanOrEqualTo(3);
        assertThat(Claims.statement("job-verify-time")).contains(spread(verifies) + " over " + rows.size() + " runs");
        assertThat(Claims.of("job-verify-time").verdict()).startsWith(verdict(verifies, FIVE_MINUTES));
        assertThat(Claims.statement("job-ci-run-time")).contains(spread(jobs) + " over the same " + rows.size() + " runs");
        assertThat(Claims.of("job-ci-run-time").verdict()).startsWith(verdict(jobs, Duration.ofMinutes(8)));
        String evidenceText = Files.readString(evidence).replaceAll("\\s+", " ");
        assertThat(evidenceText).as(evidence + ": the runs' median and range")
                .contains("`./mvnw verify`: " + spread(verifies).replace(" (", ", range ").replace(")", ""))
                .contains("`.ci/run`: " + spread(jobs).replace(" (", ", range ").replace(")", ""))
                .contains(tests.substring(0, tests.indexOf(' ')) + " tests, none skipped");
    }

    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    /** {@code median 4 min 44 s (4 min 43 s to 4 min 48 s)}: the median of the runs and their range. */
    private static String spread(List<Duration> runs) {
        List<Duration> sorted = runs.stream().sorted().toList();
        return "median " + HumanDuration.of(median(sorted)) + " (" + HumanDuration.of(sorted.getFirst()) + " to "
                + HumanDuration.of(sorted.getLast()) + ")";
    }

    private static Duration median(List<Duration> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).plus(sorted.get(n / 2)).dividedBy(2);
    }

    /** Holds when every run is within the target, on average when the median is, and does not hold otherwise. */
    private static String verdict(List<Duration> runs, Duration target) {
        List<Duration> sorted = runs.stream().sorted().toList();
        if (sorted.getLast().compareTo(target) <= 0) {
            return "**Holds**";
        }
        return median(sorted).compareTo(target) <= 0 ? "**Holds on average** (" : "**Does not hold** (";
    }

    /** A shell's {@code time}: {@code 4m53.717s}. */
    private static Duration shellTime(String real) {
        return Duration.ofMinutes(Long.parseLong(real.substring(0, real.indexOf('m')))).plusMillis(
                Math.round(1000 * Double.parseDouble(real.substring(real.indexOf('m') + 1, real.length() - 1))));
    }

    private static String value(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key + ": ")).map(l -> l.substring(key.length() + 2))
                .findFirst().orElseThrow(() -> new AssertionError("no '" + key + "' in the recorded run"));
    }

    @Test
    void the_jdk_pages_table_is_the_jdk_matrixs_own() throws Exception {
        List<List<String>> rows = MarkdownTables.bodyRows(CommandChecks.root().resolve("docs/jdk-21-vs-25.md"),
                "| mode | flags | variant | result (ms) | wall ms | pinned events | web entry ran on (calls) "
                        + "| repository count ran on (calls) |");
        assertThat(rows).as("the JDK page's table").isNotEmpty();
        for (List<String> row : rows) {
            String where = "docs/jdk-21-vs-25.md: " + row;
            JsonNode results = ResultsJson.read(CommandChecks.root().resolve("docs/results/jdk-21-vs-25")
                    .resolve(row.get(2)).resolve("results.json"));
            JsonNode summary = ResultsJson.run(results, row.get(0), row.get(1)).path("summary");
            long failed = summary.path("failed").asLong();
            if (failed == 0) {
                assertThat(row.get(3)).as(where)
                        .isEqualTo("p99 " + Printed.whole(summary.path("latency").path("p99Ms")));
            } else {
                assertThat(row.get(3)).as(where).startsWith("**" + failed + " failed**");
            }
            assertThat(row.get(4)).as(where).isEqualTo(Printed.whole(summary.path("wallTimeMs")));
            assertThat(row.get(5)).as(where).isEqualTo(summary.path("serverJvm").path("virtualThreadsPinned").asString());
        }
    }



}
