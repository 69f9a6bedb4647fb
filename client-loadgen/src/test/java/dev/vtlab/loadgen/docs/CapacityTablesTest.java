package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacityStep;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.Resource;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.report.CapacityReport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
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
 * results.json (in a page or in an evidence README beside the results) is recomputed from it, cell by cell; each
 * capacity claim of docs/claims.md, the lead and the six-run column of docs/capacity.md, and the ranges, counts and
 * times the evidence READMEs' logs quote are computed from the same files.
 */
class CapacityTablesTest {

    private static final Path CAPACITY = CommandChecks.root().resolve("docs/capacity.md");
    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    private static final Path QUICK = RESULTS.resolve("capacity-quick");
    private static final Path SEED = RESULTS.resolve("capacity-seed-sync");
    private static final Path JDBC = RESULTS.resolve("capacity-jdbc");
    /** The quick profile's runs with the cores shared, in docs/results, folder by folder as their READMEs tell them. */
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
    /** The six runs of the quick profile with today's hold rule, in time order: what the claims and the page sum up. */
    private static final List<String> SIX_RUNS = Stream.of(STALL_PASSED, GC_METER).flatMap(List::stream).toList();
    /** A search of sync, T off and on, with the server's collector pauses read from its meter each second. */
    private static final Path GC_SYNC = RESULTS.resolve("capacity-quick-stall-passed/gc-sync");
    /** The results folders whose evidence README capacity.md's claims lead to. */
    private static final List<String> EVIDENCE = List.of("capacity-quick", "capacity-quick-stall-passed",
            "capacity-quick-finer-cpu-knee", "capacity-quick-steady-cpu", "capacity-quick-server-cores",
            "capacity-quick-run-again", "capacity-quick-start-higher", "capacity-seed-sync", "capacity-jdbc",
            "capacity-fanout");
    /** A row links its results.json, or the .gz it is kept as where it was over 1 MB. */
    private static final Pattern LINK = Pattern.compile(
            "\\]\\(((?:\\.\\./)?(?:docs/)?results/capacity[^)]*/results\\.json(?:\\.gz)?)\\)");
    /** A row of an evidence README links its results relative to the README: run-1/results.json, ../capacity-quick/... */
    private static final Pattern README_LINK = Pattern.compile("\\]\\(([^)]*results\\.json(?:\\.gz)?)\\)");
    private static final List<String> STYLES = List.of("sync", "async", "wrapped", "callable");

    @Test
    void every_capacity_row_of_every_page_and_evidence_readme_is_its_run() throws Exception {
        int checked = 0;
        List<MarkdownTables.Row> rows = new ArrayList<>();
        for (String page : List.of("docs/capacity.md", "docs/where-to-place-virtual-threads.md",
                "docs/web-servers.md")) {
            rows.addAll(MarkdownTables.rowsLinking(CommandChecks.root().resolve(page), LINK));
        }
        int pages = rows.size();
        for (String folder : EVIDENCE) {
            rows.addAll(MarkdownTables.rowsLinking(readmeOf(folder), README_LINK));
        }
        for (MarkdownTables.Row row : rows) {
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
        assertThat(pages).as("capacity rows in the pages").isGreaterThanOrEqualTo(11);
        assertThat(checked - pages).as("capacity rows in the evidence READMEs").isGreaterThanOrEqualTo(56);
    }

    /**
     * The claims each style's rate makes, flag off and on (the README's headline quotes the same run), and the page's
     * lead that says them in one line.
     */
    @Test
    void each_style_s_rate_flag_off_and_on_is_the_reference_run() throws Exception {
        List<CapacityRun> runs = CapacityReport.Results.read(QUICK.resolve("results.json")).runs();
        Map<String, String> ids = Map.of("sync", "cap-sync-t", "async", "cap-async-r", "wrapped", "cap-wrapped-w",
                "callable", "cap-callable-a");
        List<String> lead = new ArrayList<>();
        for (String mode : STYLES) {
            String flag = Mode.valueOf(mode.toUpperCase(Locale.ROOT)).waitsOn().name();
            Combination none = new Combination(false, false, false, false);
            CapacityRun off = find(runs, mode, none.label());
            CapacityRun on = find(runs, mode, none.with(Mode.valueOf(mode.toUpperCase(Locale.ROOT)).waitsOn(), true)
                    .label());
            assertThat(off.predicted().resource().cpu()).as(mode + " off").isFalse();
            assertThat(on.predicted().resource()).as(mode + " on").isEqualTo(Resource.CPU);
            assertThat(off.server().availableProcessors()).isEqualTo(2);
            assertThat(Claims.statement(ids.get(mode))).isEqualTo(String.format(Locale.ROOT, "`/%s` sustains %s req/s "
                    + "with %s off (%s, predicted %s) and %s req/s with %s on, where the CPU binds (the quick profile's "
                    + "reference run, 2 cores)", mode, CapacityRun.rate(off.sustainedRate()), flag,
                    CapacityReport.binding(off.predicted()), CapacityRun.rate(off.predicted().rate()),
                    CapacityRun.rate(on.sustainedRate()), flag));
            lead.add(String.format(Locale.ROOT, "`/%s` %s → %s%s with %s", mode, CapacityRun.rate(off.sustainedRate()),
                    CapacityRun.rate(on.sustainedRate()), lead.isEmpty() ? " req/s" : "", flag));
        }
        assertThat(PageText.of(CAPACITY)).contains("off and on**: " + String.join("; ", lead) + " (the quick profile");
    }

    /** T alone: with T on and nothing else, the three styles that wait elsewhere stay at their pools in all six runs. */
    @Test
    void t_alone_moves_only_sync_in_every_run() throws Exception {
        List<String> rates = new ArrayList<>();
        for (String mode : List.of("async", "wrapped", "callable")) {
            List<String> each = new ArrayList<>();
            for (String folder : SIX_RUNS) {
                CapacityRun tOn = find(runsOf(folder), mode, "T1 A0 W0 R0");
                CapacityRun off = find(runsOf(folder), mode, "T0 A0 W0 R0");
                assertThat(tOn.predicted().resource().cpu()).as(folder + " " + mode).isFalse();
                assertThat(tOn.sustainedRate()).as(folder + " " + mode).isEqualTo(off.sustainedRate());
                each.add(CapacityRun.rate(tOn.sustainedRate()));
            }
            assertThat(each).as(mode + " with T on, six runs").containsOnly(each.getFirst());
            rates.add(each.getFirst());
        }
        assertThat(Claims.statement("cap-t-alone")).contains("sustain " + rates.get(0) + ", " + rates.get(1) + " and "
                + rates.get(2) + " req/s, their pools' ceilings, in each of six runs");
    }

    /** Every knee a pool or an executor set: six runs of the quick profile, the article's sizes, the JDBC pool. */
    @Test
    void the_pool_knees_are_little_s_law_s() throws Exception {
        List<CapacityRun> pools = new ArrayList<>();
        for (Path folder : Stream.concat(SIX_RUNS.stream().map(RESULTS::resolve), Stream.of(SEED, JDBC)).toList()) {
            pools.addAll(CapacityReport.Results.read(folder.resolve("results.json")).runs().stream()
                    .filter(r -> !r.predicted().resource().cpu()).toList());
        }
        assertThat(pools).hasSize(46);
        assertThat(Claims.statement("cap-pool-knees")).contains(range("lands at ", " to ", " of Little's law's "
                + "prediction (size / hold): " + pools.size() + " of " + pools.size(), pools));
        assertThat(PageText.of(CAPACITY)).contains(range("every knee a pool or an executor set landed at ", " to ",
                " of the prediction, the CPU's knees within " + String.format(Locale.ROOT, "%.2f to %.2f",
                        CapacityRun.LOW, CapacityRun.HIGH) + " of theirs", pools));
    }

    /** The page's last column and the reference run's README: each combination over the six runs, median and range. */
    @Test
    void the_six_runs_medians_and_ranges_are_the_runs() throws Exception {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CAPACITY, LINK).stream()
                .filter(r -> r.header().contains("six runs: median (range)")).toList();
        assertThat(rows).hasSize(11);
        for (MarkdownTables.Row row : rows) {
            List<CapacityRun> six = sixRuns(row.cell("flags"), row.cells().getFirst().replaceAll("^\\[([a-z]+)\\].*", "$1"));
            assertThat(row.cell("six runs: median (range)")).as(row.where())
                    .isEqualTo(spread(six.stream().mapToDouble(CapacityRun::ratio).toArray(), "%.2f"));
        }
        List<List<String>> table = MarkdownTables.bodyRows(readmeOf("capacity-quick"), "| mode | flags | binding resource | predicted "
                + "req/s: median (range) | sustained req/s: median (range) |");
        assertThat(table).hasSize(11);
        for (List<String> row : table) {
            List<CapacityRun> six = sixRuns(row.get(1), row.get(0));
            assertThat(row.get(2)).as(row.toString()).isEqualTo(six.getFirst().predicted().resource().label());
            assertThat(row.get(3)).as(row.toString()).isEqualTo(spread(six.stream()
                    .mapToDouble(r -> r.predicted().rate()).toArray(), null));
            assertThat(row.get(4)).as(row.toString()).isEqualTo(spread(six.stream()
                    .mapToDouble(CapacityRun::sustainedRate).toArray(), null));
        }
    }

    /** The meters alone against the lab, and the meter the page names for each pool. */
    @Test
    void the_meters_predict_each_pool_s_ceiling() throws Exception {
        List<CapacityRun> pools = CapacityReport.Results.read(QUICK.resolve("results.json")).runs().stream()
                .filter(r -> !r.predicted().resource().cpu()).toList();
        assertThat(pools).hasSize(7).allMatch(r -> r.meters() != null
                && Math.abs(r.meters().meterVsLab() - 1) <= 0.01);
        double low = pools.stream().mapToDouble(r -> r.meters().meterVsLab()).min().orElseThrow();
        double high = pools.stream().mapToDouble(r -> r.meters().meterVsLab()).max().orElseThrow();
        assertThat(Claims.statement("cap-meters")).contains(String.format(Locale.ROOT, "within 1%% of the lab's "
                + "prediction: meters / lab %.3f to %.3f on %d of %d", low, high, pools.size(), pools.size()));
        List<CapacityRun> jdbc = CapacityReport.Results.read(RESULTS.resolve("capacity-meters-jdbc/results.json"))
                .runs();
        Map<String, CapacityRun> byCeiling = Map.of("Tomcat's request threads (T off)", find(pools, "sync",
                "T0 A0 W0 R0"), "the common pool (R off, W off)", find(pools, "async", "T0 A0 W0 R0"),
                "`applicationTaskExecutor` (A off)", find(pools, "callable", "T0 A0 W0 R0"),
                "HikariCP (the JDBC adapter)", jdbc.getFirst());
        List<List<String>> table = MarkdownTables.bodyRows(CAPACITY, "| ceiling | size / hold here | in use | waiting (rises at the "
                + "knee) |");
        for (List<String> row : table) {
            CapacityRun run = byCeiling.get(row.get(0));
            if (run == null) {
                continue; // the CPU: no pool, no meter of a size
            }
            assertThat(row.get(1)).as(row.toString()).isEqualTo(String.format(Locale.ROOT, "%.0f / %.1f s",
                    run.predicted().size(), run.predicted().holdSeconds()));
            for (String meter : List.of(row.get(2), row.get(3))) {
                assertThat(run.meters().atKnee()).as(row.toString()).contains(meter.replace("`", ""));
            }
        }
        assertThat(table.stream().filter(r -> byCeiling.containsKey(r.get(0)))).hasSize(4);
    }

    /** The CPU's knees over the six runs, their medians by placement, and the time each run took. */
    @Test
    void the_cpu_knees_of_the_six_runs_are_the_claims() throws Exception {
        List<CapacityRun> cpu = cpuBound(SIX_RUNS, 24);
        long onTarget = cpu.stream().filter(CapacityRun::onTarget).count();
        assertThat(Claims.statement("cap-cpu-knees")).contains(range(onTarget + " of " + cpu.size()
                + " over six runs, ", " to ", "", cpu));
        String placements = String.format(Locale.ROOT, "`/sync` with T on %s, `/async` with R on %s, `/wrapped` "
                + "with W on %s, `/callable` with A on %s", ranged(mode(cpu, "sync")), ranged(mode(cpu, "async")),
                ranged(mode(cpu, "wrapped")), ranged(mode(cpu, "callable")));
        assertThat(readme("capacity-quick-stall-passed")).contains(placements);
        double syncMedian = median(mode(cpu, "sync").stream().mapToDouble(CapacityRun::ratio).toArray());
        for (String other : List.of("async", "wrapped", "callable")) {
            assertThat(syncMedian).as("sync's median below " + other + "'s")
                    .isLessThan(median(mode(cpu, other).stream().mapToDouble(CapacityRun::ratio).toArray()));
        }
        assertThat(Claims.statement("cap-sync-t-gc-stalls")).contains("has the lowest CPU knees, median "
                + spread(mode(cpu, "sync").stream().mapToDouble(CapacityRun::ratio).toArray(), "%.2f")
                + " over six runs");
        List<Duration> took = new ArrayList<>();
        List<String> each = new ArrayList<>();
        for (String run : SIX_RUNS) {
            took.add(tookOf(RESULTS.resolve(run)));
            each.add(run.replace("capacity-quick-stall-passed/", "") + " (" + took(RESULTS.resolve(run)) + ")");
        }
        assertThat(Claims.statement("cap-run-time")).contains("takes "
                + HumanDuration.of(took.stream().min(Comparator.naturalOrder()).orElseThrow()) + " to "
                + HumanDuration.of(took.stream().max(Comparator.naturalOrder()).orElseThrow())
                + " (six runs), within the profile's 10 minutes");
        assertThat(took).allMatch(t -> t.compareTo(Duration.ofMinutes(10)) <= 0);
        assertThat(readme("capacity-quick-stall-passed")).contains("In time order: " + String.join(", ",
                each.subList(0, 5)) + " and " + each.getLast() + ".");
    }

    /** The server on a core of its own: the claim that does not hold, and its run's figures. */
    @Test
    void the_server_on_a_core_of_its_own_misses_the_target() throws Exception {
        List<CapacityRun> apart = cpuBound(SERVER_CORES, 4);
        long onTarget = apart.stream().filter(CapacityRun::onTarget).count();
        assertThat(Claims.of("cap-server-cores").verdict()).isEqualTo(range("**Does not hold** (", " to ",
                ", " + onTarget + " of " + apart.size() + ")", apart));
        assertThat(Claims.statement("cap-server-cores")).contains("land within 0.85 to 1.15 of their prediction");
        assertThat(readme("capacity-quick-server-cores")).contains(range("**Does not hold**: ", " to ",
                " in [run-3](run-3/report.md), " + onTarget + " of " + apart.size(), apart))
                .contains(range("the knees landed between ", " and ", " of the prediction, none within", apart))
                .contains("Run-3 at commit f697393 (" + took(RESULTS.resolve(SERVER_CORES.getFirst())) + ")");
        for (String run : List.of("run-1", "run-2")) {
            assertThat(readme("capacity-quick-server-cores")).contains("[" + run + "](" + run + "/run.txt), "
                    + took(RESULTS.resolve("capacity-quick-server-cores").resolve(run)));
        }
        List<CapacityRun> first = new ArrayList<>(cpuBound(RESULTS.resolve("capacity-quick-server-cores/run-1")));
        first.addAll(cpuBound(RESULTS.resolve("capacity-quick-server-cores/run-2")));
        assertThat(readme("capacity-quick-server-cores")).contains(range("knees ", " to ", ", not the default", first));
    }

    /** The article's sizes: the two knees, what the server completed past them, and the soak's longer step. */
    @Test
    void the_article_s_sizes_and_past_the_ceiling_are_the_runs() throws Exception {
        List<CapacityRun> seed = CapacityReport.Results.read(SEED.resolve("results.json")).runs();
        CapacityRun off = find(seed, "sync", "T0 A0 W0 R0");
        CapacityRun on = find(seed, "sync", "T1 A0 W0 R0");
        assertThat(on.predicted().resource()).isEqualTo(Resource.CONNECTIONS);
        assertThat(Claims.statement("cap-seed-sync")).contains(String.format(Locale.ROOT, "`/sync` sustains %s req/s "
                + "with T off (%s, predicted %s) and %s req/s with T on (%s, predicted %s)",
                CapacityRun.rate(off.sustainedRate()), CapacityReport.binding(off.predicted()),
                CapacityRun.rate(off.predicted().rate()), CapacityRun.rate(on.sustainedRate()),
                CapacityReport.binding(on.predicted()), CapacityRun.rate(on.predicted().rate())));
        List<String> completed = new ArrayList<>();
        for (CapacityRun run : List.of(off, on)) {
            List<String> past = run.steps().stream().filter(st -> st.offeredRate() > run.sustainedRate())
                    .map(st -> String.format(Locale.ROOT, "%.1f", st.completionRate())).distinct().toList();
            assertThat(past).as(run.flags() + ": completed past the knee").containsExactly(
                    String.format(Locale.ROOT, "%.1f", run.predicted().rate()));
            completed.add(past.getFirst());
        }
        String statement = Claims.statement("cap-past-ceiling");
        assertThat(statement).contains("at the article's sizes " + completed.get(0) + " and " + completed.get(1)
                + " req/s in every step past the knee");
        assertThat(readme("capacity-seed-sync")).contains("exactly its ceiling, " + completed.get(0) + " and "
                + completed.get(1) + " req/s");

        CapacityRun quickSync = find(CapacityReport.Results.read(QUICK.resolve("results.json")).runs(), "sync",
                "T0 A0 W0 R0");
        String quickStep = seconds(ResultsJson.read(QUICK.resolve("results.json")));
        assertThat(statement).contains(CapacityRun.rate(quickSync.firstNotHeldRate()) + " req/s against `/sync`'s "
                + CapacityRun.rate(quickSync.predicted().rate()) + " (quick profile) broke the hold rule within its "
                + quickStep + " step");
        assertThat(PageText.of(CAPACITY)).contains(String.format(Locale.ROOT, "a step %.0f%% past `/sync`'s ceiling "
                + "broke the hold rule within its %s", 100 * (quickSync.firstNotHeldRate()
                / quickSync.predicted().rate() - 1), quickStep));

        JsonNode soak = ResultsJson.read(RESULTS.resolve("soak/capacity-1650.json"));
        double p99 = soak.path("latency").path("p99Ms").asDouble();
        assertThat(p99).as("the soak's step broke the hold rule (p99 over 1.5 x the 2 s floor)").isGreaterThan(3000);
        assertThat(statement).contains(String.format(Locale.ROOT, "a %.0f s step of %s req/s broke (p99 %s ms) where "
                + "a %s step of %s held", soak.path("durationS").asDouble(), CapacityRun.rate(soak.path("offeredRate")
                .asDouble()), whole(p99), seconds(ResultsJson.read(SEED.resolve("results.json"))),
                CapacityRun.rate(on.sustainedRate())));
        assertThat(readme("capacity-seed-sync")).contains("[p99 " + whole(p99) + " ms](../soak/capacity-1650.json)")
                .contains("[run.txt](run.txt) (" + took(SEED) + ")");
    }

    /** The JDBC pool binds with T off and on. */
    @Test
    void the_jdbc_pool_binds_t_off_and_on() throws Exception {
        List<CapacityRun> jdbc = CapacityReport.Results.read(JDBC.resolve("results.json")).runs();
        CapacityRun off = find(jdbc, "sync", "T0 A0 W0 R0");
        CapacityRun on = find(jdbc, "sync", "T1 A0 W0 R0");
        assertThat(List.of(off, on)).allMatch(r -> r.predicted().resource() == Resource.JDBC_POOL);
        assertThat(Claims.statement("cap-jdbc")).contains(String.format(Locale.ROOT, "(H2 over TCP, HikariCP's %.0f "
                + "connections, each held %.1f s) `/sync` sustains %s req/s with T off and %s req/s with T on (%s, "
                + "predicted %s)", off.predicted().size(), off.predicted().holdSeconds(),
                CapacityRun.rate(off.sustainedRate()), CapacityRun.rate(on.sustainedRate()),
                CapacityReport.binding(on.predicted()), CapacityRun.rate(on.predicted().rate())));
        assertThat(readme("capacity-jdbc")).contains(String.format(Locale.ROOT, "sustained %s req/s with both, %.2f of "
                + "the prediction", CapacityRun.rate(on.sustainedRate()), on.ratio()))
                .contains("[run.txt](run.txt) (" + took(JDBC) + ")");
    }

    /**
     * The CPU's knees the evidence READMEs sum up: the three runs of the quick profile with the cores shared before a
     * step just short of the completed share ran again, the run with the server on a core of its own, the first run
     * with the second runs, and the runs since the ladder starts higher; and the reference run's time.
     */
    @Test
    void the_cpu_knees_the_logs_quote_are_the_runs() throws Exception {
        assertThat(readme("capacity-quick-steady-cpu")).contains(range("cores shared, every CPU-bound knee landed "
                + "between ", " and ", " of the CPU's prediction", cpuBound(STEADY_CPU, 12)))
                .contains("The runs took " + took(RESULTS.resolve(STEADY_CPU.get(0))) + ", "
                        + took(RESULTS.resolve(STEADY_CPU.get(1))) + " and " + took(RESULTS.resolve(STEADY_CPU.get(2))));
        List<CapacityRun> runAgain = cpuBound(RUN_AGAIN, 4);
        long twice = runAgain.stream().flatMap(r -> r.steps().stream()).filter(st -> st.firstRun() != null).count();
        assertThat(readme("capacity-quick-run-again")).contains(range("its knees landed between ", " and ",
                " of the prediction", runAgain)).contains(range("| [run-1](run-1/run.txt) | "
                + took(RESULTS.resolve(RUN_AGAIN.getFirst())) + " | ", " to ", " | " + twice + " |", runAgain))
                .contains("run-1 ran two steps twice");
        assertThat(twice).isEqualTo(2);
        assertThat(readme("capacity-quick-start-higher")).contains(range("and their knees landed between ", " and ",
                " of the prediction", cpuBound(START_HIGHER, 8)));
        for (String run : START_HIGHER) {
            String name = run.substring(run.lastIndexOf('/') + 1);
            assertThat(readme("capacity-quick-start-higher")).contains(range("| [" + name + "](" + name
                    + "/report.md) | " + took(RESULTS.resolve(run)) + " | ", " to ", " |", cpuBound(List.of(run), 4)));
        }
        assertThat(readme("capacity-quick-finer-cpu-knee")).contains(range("In the three runs since, every CPU-bound "
                + "knee landed between ", " and ", " of the CPU's prediction", cpuBound(FINER_CPU_KNEE, 12)))
                .contains("Run-1 took " + took(RESULTS.resolve(FINER_CPU_KNEE.get(0))) + ", run-2 "
                        + took(RESULTS.resolve(FINER_CPU_KNEE.get(1))) + ", run-3 "
                        + took(RESULTS.resolve(FINER_CPU_KNEE.get(2))) + " with the build");
        assertThat(readme("capacity-quick")).contains(took(QUICK) + " with the build");
    }

    /**
     * Each CPU-bound placement's knees over every quick run with a report since the CPU time is read over the steady
     * part, how many of sync's met the target, and what a request cost the load generator at each knee of run 1.
     */
    @Test
    void each_placement_s_cpu_knees_the_log_quotes_are_the_runs() throws Exception {
        String log = readme("capacity-quick-finer-cpu-knee");
        List<CapacityRun> all = cpuBound(Stream.of(STEADY_CPU, RUN_AGAIN, START_HIGHER, FINER_CPU_KNEE)
                .flatMap(List::stream).toList(), 36);
        List<CapacityRun> sync = mode(all, "sync");
        assertThat(log).contains(range("steady part: ", " to ", " in the 9 searches with a report, against ", sync))
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
        assertThat(log).contains("the load generator spent 0.322 ms of CPU a request on sync with T on, 0.224 to "
                + "0.271 ms on the other three");
    }

    /**
     * The stall rule's case: the steps that set sync's knee before it (each second's p99 and the share completed),
     * the collector's pauses and the requests held in the search with the meter (the claim and its log), how often
     * the rule would have fired on the runs before it, and the six runs with it.
     */
    @Test
    void the_stall_rule_s_figures_are_the_runs() throws Exception {
        String before = readme("capacity-quick-finer-cpu-knee");
        String log = readme("capacity-quick-stall-passed");
        List<String> sequences = new ArrayList<>();
        List<String> shares = new ArrayList<>();
        for (CapacityRun run : mode(cpuBound(FINER_CPU_KNEE, 12), "sync")) {
            CapacityStep knee = run.steps().stream().filter(st -> st.offeredRate() == run.firstNotHeldRate())
                    .findFirst().orElseThrow();
            sequences.add(String.join(", ", sending(knee).stream().map(st -> whole(st.p99Ms())).toList()) + " ms");
            shares.add(String.format(Locale.ROOT, "%.1f", 100 * knee.completionRate() / knee.offeredRate()));
        }
        assertThat(before).contains("went " + sequences.get(0) + "; " + sequences.get(1) + "; and "
                + sequences.get(2) + ":");
        assertThat(before).contains("with " + shares.get(0) + ", " + shares.get(1) + " and " + shares.get(2)
                + "% completed");
        CapacityRun poolBound = CapacityReport.Results.read(RESULTS.resolve(FINER_CPU_KNEE.getFirst())
                .resolve("results.json")).runs().stream().filter(r -> r.flags().equals("T0 A0 W0 R0")
                        && r.mode().equals("sync")).findFirst().orElseThrow();
        CapacityStep queue = poolBound.steps().stream().filter(st -> st.offeredRate() == 118).findFirst().orElseThrow();
        assertThat(before).contains("(sync with T off at 118 req/s: " + String.join(", ", sending(queue).stream()
                .map(st -> whole(st.p99Ms())).toList()) + " ms)");

        CapacityReport.Results gc = CapacityReport.Results.read(GC_SYNC.resolve("results.json"));
        CapacityRun off = gc.runs().stream().filter(r -> r.flags().equals("T0 A0 W0 R0")).findFirst().orElseThrow();
        CapacityRun on = gc.runs().stream().filter(r -> r.flags().equals("T1 A0 W0 R0")).findFirst().orElseThrow();
        List<CapacityStep> onSteps = withFirstRuns(on.steps());
        String pauses = String.format(Locale.ROOT, "the worst second of each step that held had %s to %s ms "
                + "of pauses, of each step that broke %s to %s ms; with T off, at most %s ms",
                worstGc(onSteps, true, false), worstGc(onSteps, true, true), worstGc(onSteps, false, false),
                worstGc(onSteps, false, true), worstGc(withFirstRuns(off.steps()), null, true));
        assertThat(Claims.statement("cap-sync-t-gc-stalls")).contains(pauses);
        assertThat(log).contains(pauses);
        List<CapacityStep> loaded = onSteps.stream().filter(st -> st.offeredRate() >= 2994).toList();
        assertThat(loaded).hasSize(6); // 3,556 req/s ran twice
        List<RateSummary.Second> reads = loaded.stream().flatMap(st -> sending(st).stream())
                .filter(sec -> sec.server() != null).toList();
        assertThat(log).contains(String.format(Locale.ROOT, "from 2,994 req/s up the server held %s to %s requests "
                + "at once (the lab's count, each second), with %d to %d MB", whole(reads.stream()
                .mapToDouble(sec -> sec.server().inFlight()).min().orElseThrow()), whole(reads.stream()
                .mapToDouble(sec -> sec.server().inFlight()).max().orElseThrow()), reads.stream()
                .mapToLong(sec -> sec.server().heapUsedBytes() >> 20).min().orElseThrow(), reads.stream()
                .mapToLong(sec -> sec.server().heapUsedBytes() >> 20).max().orElseThrow()));

        long wouldHaveRun = 0;
        for (Path results : capacityResultsBefore()) {
            CapacityReport.Results earlier = CapacityReport.Results.read(results);
            for (CapacityRun run : earlier.runs()) {
                for (CapacityStep st : run.steps()) {
                    if (st.runAgain(earlier.floorMs()) && byTheStallAlone(st)) {
                        assertThat(run.predicted().resource().cpu()).as(results + " " + run.mode()).isTrue();
                        wouldHaveRun++;
                    }
                }
            }
        }
        assertThat(log).contains("the rule would have run " + wouldHaveRun + " more steps again, each one where the "
                + "CPU bound");
        assertThat(PageText.of(CommandChecks.root().resolve("docs/decisions.md")))
                .contains("the rule would have fired on " + wouldHaveRun + " steps, all where the CPU bound");

        List<CapacityRun> with = cpuBound(STALL_PASSED, 12);
        assertThat(log).contains(range("With it, every CPU-bound knee landed between ", " and ",
                " of the CPU's prediction: " + with.stream().filter(CapacityRun::onTarget).count() + " of the 12", with));
        List<CapacityStep> ranAgain = with.stream().flatMap(r -> r.steps().stream())
                .filter(st -> st.firstRun() != null).toList();
        assertThat(ranAgain).hasSize(7);
        assertThat(ranAgain.stream().filter(st -> !byTheStallAlone(st.firstRun()))).hasSize(6);
        CapacityStep stall = ranAgain.stream().filter(st -> byTheStallAlone(st.firstRun())).findFirst().orElseThrow();
        assertThat(stall.held()).isTrue();
        assertThat(cpuBound(QUICK).stream().flatMap(r -> r.steps().stream())).contains(stall);
        assertThat(log).contains("The new rule fired once (sync with T on at " + whole(stall.offeredRate())
                + " req/s in capacity-quick, held on its second run)");

        List<CapacityRun> second = cpuBound(GC_METER, 12);
        assertThat(log).contains(range("In these, every CPU-bound knee landed between ", " and ",
                " of the CPU's prediction: " + second.stream().filter(CapacityRun::onTarget).count() + " of the 12",
                second));
        List<CapacityRun> stalled = second.stream().filter(r -> r.steps().stream().anyMatch(st -> st.firstRun() != null
                && byTheStallAlone(st.firstRun()))).toList();
        assertThat(stalled).hasSize(1);
        CapacityRun sync = stalled.getFirst();
        assertThat(cpuBound(RESULTS.resolve("capacity-quick-stall-passed/run-4"))).contains(sync);
        CapacityStep climb = sync.steps().stream().filter(st -> st.firstRun() != null
                && byTheStallAlone(st.firstRun())).findFirst().orElseThrow();
        assertThat(climb.held()).isTrue();
        assertThat(log).contains("on sync with T on at " + whole(climb.offeredRate()) + " req/s in run-4, a step of "
                + "the climb (p99 " + whole(climb.firstRun().p99Ms()) + " ms)")
                .contains(String.format(Locale.ROOT, "ended below %s req/s, %.2f of the prediction the run made",
                        whole(climb.offeredRate()), climb.offeredRate() / sync.predicted().rate()));
        long all = Stream.of(with, second).flatMap(List::stream).filter(CapacityRun::onTarget).count();
        assertThat(log).contains("Over the six runs, " + all + " of 24 CPU-bound knees landed within 0.85 to 1.15");
    }

    /** The text of a results folder's evidence README, whitespace as one space. */
    private static String readme(String folder) throws Exception {
        return PageText.of(readmeOf(folder));
    }

    private static Path readmeOf(String folder) {
        return RESULTS.resolve(folder).resolve("README.md");
    }

    private static List<CapacityRun> runsOf(String folder) throws Exception {
        return CapacityReport.Results.read(RESULTS.resolve(folder).resolve("results.json")).runs();
    }

    private static CapacityRun find(List<CapacityRun> runs, String mode, String flags) {
        return runs.stream().filter(r -> r.mode().equals(mode) && r.flags().equals(flags)).findFirst()
                .orElseThrow(() -> new AssertionError("no run " + mode + " " + flags));
    }

    /** One combination's run in each of the six runs. */
    private static List<CapacityRun> sixRuns(String flags, String mode) throws Exception {
        List<CapacityRun> six = new ArrayList<>();
        for (String folder : SIX_RUNS) {
            six.add(find(runsOf(folder), mode, flags));
        }
        return six;
    }

    /** A search's step time as the page says it: {@code 5 s}. */
    private static String seconds(JsonNode results) {
        return Duration.parse(results.path("settings").path("stepTime").asString()).toSeconds() + " s";
    }

    private static double median(double[] values) {
        return NumberRange.median(DoubleStream.of(values).boxed().toList());
    }

    /** {@code median (low to high)}, each in {@code format}, or as a rate ({@link CapacityRun#rate}) when null. */
    private static String spread(double[] values, String format) {
        java.util.function.DoubleFunction<String> print = format == null ? CapacityRun::rate
                : v -> String.format(Locale.ROOT, format, v);
        return print.apply(median(values)) + " (" + print.apply(DoubleStream.of(values).min().orElseThrow()) + " to "
                + print.apply(DoubleStream.of(values).max().orElseThrow()) + ")";
    }

    /** The ratios' range, {@code 0.87 to 0.91}. */
    private static String ranged(List<CapacityRun> runs) {
        return range("", " to ", "", runs);
    }

    /** How long the run in {@code folder} took, as its run.txt's last line says. */
    private static Duration tookOf(Path folder) throws Exception {
        Matcher took = Pattern.compile("exit 0 after (\\d+) s").matcher(Files.readString(folder.resolve("run.txt")));
        assertThat(took.find()).as(folder + ": the time in run.txt").isTrue();
        return Duration.ofSeconds(Long.parseLong(took.group(1)));
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
        return HumanDuration.of(tookOf(folder));
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
