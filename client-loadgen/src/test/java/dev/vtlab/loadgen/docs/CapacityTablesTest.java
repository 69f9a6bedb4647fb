package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacityStep;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.Resource;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.report.CapacityReport;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity figures the docs quote are their results' own: every table row whose first cell links a capacity
 * results.json is recomputed from it, cell by cell, and the ranges and the job's time in docs/capacity.md's prose
 * are computed from the same files.
 */
class CapacityTablesTest {

    private static final Path CAPACITY = CommandChecks.root().resolve("docs/capacity.md");
    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    private static final Path QUICK = RESULTS.resolve("capacity-quick");
    /** The quick profile's runs with the cores shared, in docs/results, set by set as capacity.md tells them. */
    private static final List<String> STEADY_CPU = List.of("capacity-quick-steady-cpu/run-1",
            "capacity-quick-steady-cpu/run-2", "capacity-quick-steady-cpu/run-3");
    private static final List<String> RUN_AGAIN = List.of("capacity-quick-run-again/run-1");
    private static final List<String> START_HIGHER = List.of("capacity-quick-start-higher/run-1",
            "capacity-quick-start-higher/run-2");
    private static final List<String> FINER_CPU_KNEE = List.of("capacity-quick-finer-cpu-knee/run-1",
            "capacity-quick-finer-cpu-knee/run-2", "capacity-quick-finer-cpu-knee/run-3");
    private static final List<String> SERVER_CORES = List.of("capacity-quick-server-cores/run-3");
    private static final List<String> STALL_PASSED = List.of("capacity-quick-stall-passed/run-1",
            "capacity-quick-stall-passed/run-2", "capacity-quick");
    /** The same rule's second set, at the commit that reads the collector's pause meter. */
    private static final List<String> GC_METER = List.of("capacity-quick-stall-passed/run-3",
            "capacity-quick-stall-passed/run-4", "capacity-quick-stall-passed/run-5");
    /** A search of sync, T off and on, with the server's collector pauses read from its meter each second. */
    private static final Path GC_SYNC = RESULTS.resolve("capacity-quick-stall-passed/gc-sync");
    private static final Pattern LINK = Pattern.compile("\\]\\(((?:\\.\\./)?(?:docs/)?results/capacity[^)]*/results\\.json)\\)");

    @Test
    void every_capacity_row_of_every_page_is_its_run() throws Exception {
        int checked = 0;
        for (String page : List.of("docs/capacity.md", "docs/where-to-place-virtual-threads.md",
                "docs/web-servers.md")) {
            for (MarkdownTables.Row row : MarkdownTables.rowsLinking(CommandChecks.root().resolve(page), LINK)) {
                CapacityRun run = run(row);
                for (String column : row.header()) {
                    String expected = switch (column) {
                        case "flags" -> run.flags();
                        case "predicted req/s" -> CapacityRun.rate(run.predicted().rate());
                        case "binding resource: size / hold" -> CapacityReport.binding(run.predicted());
                        case "binding resource" -> run.predicted().resource().label();
                        case "sustained req/s" -> CapacityRun.rate(run.sustainedRate());
                        case "first not held" -> CapacityRun.rate(run.firstNotHeldRate());
                        case "measured / predicted" -> String.format(Locale.ROOT, "%.2f", run.ratio());
                        default -> null;
                    };
                    if (expected != null) {
                        assertThat(row.cell(column)).as(row.where() + ": " + column).isEqualTo(expected);
                    }
                }
                checked++;
            }
        }
        assertThat(checked).as("capacity rows in the docs").isGreaterThanOrEqualTo(11);
    }

    @Test
    void the_ranges_and_the_time_the_prose_quotes_are_the_runs() throws Exception {
        List<CapacityRun> runs = CapacityReport.Results.read(QUICK.resolve("results.json")).runs();
        String page = PageText.of(CAPACITY);
        assertThat(page).contains(range("Every run bound by a pool or an executor sustained ", " to ", " of its "
                + "prediction", runs.stream().filter(r -> r.predicted().resource().sized()).toList()));
        assertThat(page).contains(range("the runs that reached a CPU knee landed between ", " and ", " of the CPU's "
                + "prediction", runs.stream().filter(r -> r.predicted().resource() == Resource.CPU).toList()));
        assertThat(page).contains("the whole job took " + took(QUICK) + " with the build");
    }

    /**
     * The CPU's knees the prose sums up: the three runs of the quick profile with the cores shared before a step just
     * short of the completed share ran again, the run with the server on a core of its own, the first run with the
     * second runs, and the three runs since the ladder starts higher.
     */
    @Test
    void the_cpu_knees_the_prose_quotes_are_the_runs() throws Exception {
        String page = PageText.of(CAPACITY);
        assertThat(page).contains(range("cores shared, every CPU-bound knee landed between ", " and ",
                " of the CPU's prediction", cpuBound(STEADY_CPU, 12)));
        assertThat(page).contains(range("on a core of its own the knees landed between ", " and ", " of it",
                cpuBound(SERVER_CORES, 4)));
        assertThat(page).contains(range("its knees landed between ", " and ", " of the prediction",
                cpuBound(RUN_AGAIN, 4)));
        assertThat(page).contains(range("and their knees landed between ", " and ", " of the prediction",
                cpuBound(START_HIGHER, 8)));
        assertThat(page).contains(range("In the three runs since, every CPU-bound knee landed between ", " and ",
                " of the CPU's prediction", cpuBound(FINER_CPU_KNEE, 12)));
        for (String run : Stream.of(STEADY_CPU, START_HIGHER, FINER_CPU_KNEE, SERVER_CORES, RUN_AGAIN)
                .flatMap(List::stream).toList()) {
            assertThat(page).as(run + "'s time").contains(took(RESULTS.resolve(run)));
        }
    }

    /**
     * Each CPU-bound placement's knees over every quick run with a report since the CPU time is read over the steady
     * part, how many of sync's met the target, and what a request cost the load generator at each knee of run 1.
     */
    @Test
    void each_placement_s_cpu_knees_the_prose_quotes_are_the_runs() throws Exception {
        String page = PageText.of(CAPACITY);
        List<CapacityRun> all = cpuBound(Stream.of(STEADY_CPU, RUN_AGAIN, START_HIGHER, FINER_CPU_KNEE)
                .flatMap(List::stream).toList(), 36);
        List<CapacityRun> sync = mode(all, "sync");
        assertThat(page).contains(range("steady part: ", " to ", " in the 9 searches with a report, against ", sync))
                .contains(range("against ", " to ", " for async with R on", mode(all, "async")))
                .contains(range("R on, ", " to ", " for wrapped with W on", mode(all, "wrapped")))
                .contains(range("W on and ", " to ", " for callable with A on", mode(all, "callable")))
                .contains("met it in " + sync.stream().filter(CapacityRun::onTarget).count() + " of its 9 searches");
        List<String> clientMs = new ArrayList<>();
        for (CapacityRun run : cpuBound(FINER_CPU_KNEE.subList(0, 1), 4)) {
            clientMs.add(run.mode() + String.format(Locale.ROOT, " %.3f", run.steps().stream()
                    .filter(s -> s.held() && s.offeredRate() == run.sustainedRate()).findFirst().orElseThrow()
                    .clientCpuMsPerRequest()));
        }
        assertThat(clientMs).containsExactlyInAnyOrder("sync 0.322", "async 0.271", "wrapped 0.224",
                "callable 0.264");
        assertThat(page).contains("the load generator spent 0.322 ms of CPU a request on sync with T on, 0.224 to "
                + "0.271 ms on the other three");
    }

    /**
     * The stall rule's case: the steps that set sync's knee before it (each second's p99 and the share completed),
     * the collector's pauses and the requests held in the search with the meter, how often the rule would have fired
     * on the runs before it, and the three runs with it.
     */
    @Test
    void the_stall_rule_s_figures_the_prose_quotes_are_the_runs() throws Exception {
        String page = PageText.of(CAPACITY);
        List<String> sequences = new ArrayList<>();
        List<String> shares = new ArrayList<>();
        for (CapacityRun run : mode(cpuBound(FINER_CPU_KNEE, 12), "sync")) {
            CapacityStep knee = run.steps().stream().filter(st -> st.offeredRate() == run.firstNotHeldRate())
                    .findFirst().orElseThrow();
            sequences.add(String.join(", ", sending(knee).stream().map(st -> whole(st.p99Ms())).toList()) + " ms");
            shares.add(String.format(Locale.ROOT, "%.1f", 100 * knee.completionRate() / knee.offeredRate()));
        }
        assertThat(page).contains("went " + sequences.get(0) + "; " + sequences.get(1) + "; and "
                + sequences.get(2) + ":");
        assertThat(page).contains("with " + shares.get(0) + ", " + shares.get(1) + " and " + shares.get(2)
                + "% completed");
        CapacityRun poolBound = CapacityReport.Results.read(RESULTS.resolve(FINER_CPU_KNEE.getFirst())
                .resolve("results.json")).runs().stream().filter(r -> r.flags().equals("T0 A0 W0 R0")
                        && r.mode().equals("sync")).findFirst().orElseThrow();
        CapacityStep queue = poolBound.steps().stream().filter(st -> st.offeredRate() == 118).findFirst().orElseThrow();
        assertThat(page).contains("(sync with T off at 118 req/s: " + String.join(", ", sending(queue).stream()
                .map(st -> whole(st.p99Ms())).toList()) + " ms)");

        CapacityReport.Results gc = CapacityReport.Results.read(GC_SYNC.resolve("results.json"));
        CapacityRun off = gc.runs().stream().filter(r -> r.flags().equals("T0 A0 W0 R0")).findFirst().orElseThrow();
        CapacityRun on = gc.runs().stream().filter(r -> r.flags().equals("T1 A0 W0 R0")).findFirst().orElseThrow();
        List<CapacityStep> onSteps = withFirstRuns(on.steps());
        assertThat(page).contains(String.format(Locale.ROOT, "the worst second of each step that held had %s to %s ms "
                + "of pauses, of each step that broke %s to %s ms; with T off, at most %s ms",
                worstGc(onSteps, true, false), worstGc(onSteps, true, true), worstGc(onSteps, false, false),
                worstGc(onSteps, false, true), worstGc(withFirstRuns(off.steps()), null, true)));
        List<CapacityStep> loaded = onSteps.stream().filter(st -> st.offeredRate() >= 2994).toList();
        assertThat(loaded).hasSize(6); // 3,556 req/s ran twice
        List<RateSummary.Second> reads = loaded.stream().flatMap(st -> sending(st).stream())
                .filter(sec -> sec.server() != null).toList();
        assertThat(page).contains(String.format(Locale.ROOT, "from 2,994 req/s up the server held %s to %s requests "
                + "at once (the lab's count, each second), with %d to %d MB", whole(reads.stream()
                .mapToDouble(sec -> sec.server().inFlight()).min().orElseThrow()), whole(reads.stream()
                .mapToDouble(sec -> sec.server().inFlight()).max().orElseThrow()), reads.stream()
                .mapToLong(sec -> sec.server().heapUsedBytes() >> 20).min().orElseThrow(), reads.stream()
                .mapToLong(sec -> sec.server().heapUsedBytes() >> 20).max().orElseThrow()));

        long wouldHaveRun = 0;
        for (Path results : capacityResultsBefore()) {
            CapacityReport.Results before = CapacityReport.Results.read(results);
            for (CapacityRun run : before.runs()) {
                for (CapacityStep st : run.steps()) {
                    if (st.runAgain(before.floorMs()) && byTheStallAlone(st)) {
                        assertThat(run.predicted().resource().cpu()).as(results + " " + run.mode()).isTrue();
                        wouldHaveRun++;
                    }
                }
            }
        }
        assertThat(page).contains("the rule would have run " + wouldHaveRun + " more steps again, each one where the "
                + "CPU bound");
        assertThat(PageText.of(CommandChecks.root().resolve("docs/decisions.md")))
                .contains("the rule would have fired on " + wouldHaveRun + " steps, all where the CPU bound");

        List<CapacityRun> with = cpuBound(STALL_PASSED, 12);
        assertThat(page).contains(range("With it, every CPU-bound knee landed between ", " and ",
                " of the CPU's prediction: " + with.stream().filter(CapacityRun::onTarget).count() + " of the 12", with));
        List<CapacityStep> ranAgain = with.stream().flatMap(r -> r.steps().stream())
                .filter(st -> st.firstRun() != null).toList();
        assertThat(ranAgain).hasSize(7);
        assertThat(ranAgain.stream().filter(st -> !byTheStallAlone(st.firstRun()))).hasSize(6);
        CapacityStep stall = ranAgain.stream().filter(st -> byTheStallAlone(st.firstRun())).findFirst().orElseThrow();
        assertThat(stall.held()).isTrue();
        assertThat(page).contains("The new rule fired once (sync with T on at " + whole(stall.offeredRate())
                + " req/s in run 3, held on its second run)");
        for (String run : Stream.of(STALL_PASSED, GC_METER).flatMap(List::stream).toList()) {
            assertThat(page).as(run + "'s time").contains(took(RESULTS.resolve(run)));
        }

        List<CapacityRun> second = cpuBound(GC_METER, 12);
        assertThat(page).contains(range("In these, every CPU-bound knee landed between ", " and ",
                " of the CPU's prediction: " + second.stream().filter(CapacityRun::onTarget).count() + " of the 12",
                second));
        List<CapacityRun> stalled = second.stream().filter(r -> r.steps().stream().anyMatch(st -> st.firstRun() != null
                && byTheStallAlone(st.firstRun()))).toList();
        assertThat(stalled).hasSize(1);
        CapacityRun sync = stalled.getFirst();
        CapacityStep climb = sync.steps().stream().filter(st -> st.firstRun() != null
                && byTheStallAlone(st.firstRun())).findFirst().orElseThrow();
        assertThat(climb.held()).isTrue();
        assertThat(page).contains("on sync with T on at " + whole(climb.offeredRate()) + " req/s in run 4, a step of "
                + "the climb (p99 " + whole(climb.firstRun().p99Ms()) + " ms)")
                .contains(String.format(Locale.ROOT, "ended below %s req/s, %.2f of the prediction the run made",
                        whole(climb.offeredRate()), climb.offeredRate() / sync.predicted().rate()));
        long all = Stream.of(with, second).flatMap(List::stream).filter(CapacityRun::onTarget).count();
        assertThat(page).contains("Over the six runs, " + all + " of 24 CPU-bound knees landed within 0.85 to 1.15");
    }

    /** A step's seconds in which it sent requests. */
    private static List<RateSummary.Second> sending(CapacityStep step) {
        return step.seconds().stream().filter(sec -> sec.offered() > 0).toList();
    }

    /** Each step and, before it, its first run when it ran twice, as the step tables show them. */
    private static List<CapacityStep> withFirstRuns(List<CapacityStep> steps) {
        return HoldRule.runsInOrder(steps, CapacityStep::firstRun).stream().map(Map.Entry::getKey).toList();
    }

    /**
     * Whether a step that ran again did so by the stall rule alone: without its stall passed, the completed-share
     * rule would not have run it again.
     */
    private static boolean byTheStallAlone(CapacityStep step) {
        return !HoldRule.runAgain(step.offeredRate(), step.completionRate(), step.failed(), step.broken(), false);
    }

    /**
     * The least ({@code highest} false) or most of the steps' worst seconds of collector pauses, in ms, over the
     * steps that held ({@code held} true), that did not, or all ({@code null}).
     */
    private static String worstGc(List<CapacityStep> steps, Boolean held, boolean highest) {
        DoubleStream worst = steps.stream().filter(st -> held == null || st.held() == held)
                .mapToDouble(CapacityStep::gcPauseMsWorstSecond);
        return whole(highest ? worst.max().orElseThrow() : worst.min().orElseThrow());
    }

    /** Every capacity results.json committed before the stall rule. */
    private static List<Path> capacityResultsBefore() throws Exception {
        return ResultsJson.allUnder(RESULTS).stream()
                .filter(f -> RESULTS.relativize(f).toString().startsWith("capacity"))
                .filter(f -> !f.startsWith(RESULTS.resolve("capacity-quick-stall-passed"))
                        && !f.equals(QUICK.resolve("results.json")))
                .toList();
    }

    /** A count or a number of milliseconds, whole, with thousands separators: {@code 1,094}. */
    private static String whole(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    private static List<CapacityRun> mode(List<CapacityRun> runs, String mode) {
        return runs.stream().filter(r -> r.mode().equals(mode)).toList();
    }

    /** The CPU-bound runs of the capacity searches in {@code folders} (under docs/results), {@code count} of them. */
    private static List<CapacityRun> cpuBound(List<String> folders, int count) throws Exception {
        List<CapacityRun> runs = new ArrayList<>();
        for (String folder : folders) {
            runs.addAll(cpuBound(RESULTS.resolve(folder)));
        }
        assertThat(runs).as("CPU-bound runs in " + folders).hasSize(count);
        return runs;
    }

    /** How long the run in {@code folder} took, as its run.txt's last line says, e.g. {@code 9 min 20 s}. */
    private static String took(Path folder) throws Exception {
        Matcher took = Pattern.compile("exit 0 after (\\d+) s").matcher(Files.readString(folder.resolve("run.txt")));
        assertThat(took.find()).as(folder + ": the time in run.txt").isTrue();
        return HumanDuration.of(Duration.ofSeconds(Long.parseLong(took.group(1))));
    }

    private static List<CapacityRun> cpuBound(Path folder) throws Exception {
        return CapacityReport.Results.read(folder.resolve("results.json")).runs().stream()
                .filter(r -> r.predicted() != null && r.predicted().resource().cpu()).toList();
    }

    /** The run a row's mode and flags name in its linked results. */
    static CapacityRun run(MarkdownTables.Row row) throws Exception {
        String mode = row.cells().getFirst().replaceAll("^\\[([a-z]+)\\].*", "$1");
        String flags = row.header().contains("flags") ? row.cell("flags") : null;
        return CapacityReport.Results.read(row.linked()).runs().stream()
                .filter(r -> r.mode().equals(mode) && (flags == null || r.flags().equals(flags))).findFirst()
                .orElseThrow(() -> new AssertionError(row.where() + ": no run " + mode + " " + flags));
    }

    private static String range(String before, String between, String after, List<CapacityRun> runs) {
        double low = runs.stream().mapToDouble(CapacityRun::ratio).min().orElseThrow();
        double high = runs.stream().mapToDouble(CapacityRun::ratio).max().orElseThrow();
        return String.format(Locale.ROOT, "%s%.2f%s%.2f%s", before, low, between, high, after);
    }
}
