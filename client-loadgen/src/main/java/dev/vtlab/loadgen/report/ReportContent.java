package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.FanOutAftermath;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.FanOutWay;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.Spread;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.matrix.MatrixSettings;
import dev.vtlab.loadgen.matrix.RepositoryKind;
import dev.vtlab.loadgen.matrix.RunRecord;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.labclient.ServerThreads;
import dev.vtlab.redaction.Secrets;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/** The report's text and tables, computed once from the results and rendered by both Markdown and HTML. */
final class ReportContent {


    final MatrixSettings settings;
    final List<RunRecord> runs;
    final Findings findings;
    final Instant started;
    final Instant finished;
    final boolean interrupted;

    ReportContent(MatrixSettings settings, List<RunRecord> runs, Instant started, Instant finished,
                  boolean interrupted) {
        this.settings = settings;
        this.runs = runs.stream().sorted(Comparator.comparing(RunRecord::mode).thenComparing(RunRecord::flags))
                .toList();
        this.findings = Findings.of(runs);
        this.started = started;
        this.finished = finished;
        this.interrupted = interrupted;
    }

    String title() {
        return "vtlab flag matrix, " + settings.profile().name().toLowerCase(Locale.ROOT) + " profile, "
                + settings.variant().repository().label() + " repository, " + settings.variant().webServer().describe();
    }

    /** What ran, in one line: the report opens with it, before the findings. */
    String whatRan() {
        String server = runs.stream().filter(RunRecord::measured).map(r -> r.summary().server().serverEnvironment())
                .filter(Objects::nonNull).findFirst()
                .map(e -> "server JDK " + e.javaVersion() + " on " + e.availableProcessors() + " cores, "
                        + e.webServer().serverName() + " (" + e.webServer().executor()
                        + ")")
                .orElse("server environment not read");
        return String.format(Locale.ROOT, "%d requests at once, repository delays %d ms + %d ms, each combination "
                        + "measured %d time(s); %s; started %s, took %s%s.", settings.burst().requests(),
                settings.server().countDelay().toMillis(), settings.server().saveDelay().toMillis(), settings.repeat(),
                server, started, HumanDuration.of(Duration.between(started, finished)),
                interrupted ? ", INTERRUPTED: a partial report" : "") + leftOut();
    }

    /** The modes this variant's web server does not serve, and why; empty when it serves them all. */
    private String leftOut() {
        return settings.variant().webServer().leftOut(List.of(Mode.values())).stream()
                .map(why -> " " + Character.toUpperCase(why.charAt(0)) + why.substring(1) + ".")
                .collect(Collectors.joining());
    }

    /** How it was measured, after the results: the command, the runs, the burst, the profile, the repository. */
    List<String> summaryLines() {
        long ok = runs.stream().filter(RunRecord::ok).count();
        long failed = RunRecord.count(runs, RunRecord.Status.FAILED_RUN);
        long serverFailed = RunRecord.count(runs, RunRecord.Status.SERVER_FAILED);
        long notRun = RunRecord.count(runs, RunRecord.Status.NOT_RUN);
        long skipped = RunRecord.count(runs, RunRecord.Status.SKIPPED);
        long lost = RunRecord.lostWrites(runs);
        long unknown = runs.stream().filter(RunRecord::measured).filter(r -> r.summary().writes().lostWrites() == null).count();
        List<String> lines = new ArrayList<>();
        lines.add("Command: `" + settings.output().commandLine() + "`");
        lines.add(String.format(Locale.ROOT, "Runs: %d clean, %d failed, %d with a server that did not start, %d not "
                + "run, %d skipped (not repeated after a failed repeat, which already decides the combination). Lost "
                + "writes over all runs: %d%s.", ok, failed, serverFailed, notRun, skipped, lost,
                unknown == 0 ? "" : " (unknown for " + unknown + " runs whose visit count could not be read)"));
        lines.add(String.format(Locale.ROOT, "Each run: %d requests released at once (one virtual thread each, "
                        + "HTTP/1.1), per-request timeout %d s, repository delays %d ms + %d ms (the floor: no "
                        + "request can be faster), after %d warm-up requests to /sync on each fresh server.",
                settings.burst().requests(), settings.burst().timeout().toSeconds(), settings.server().countDelay().toMillis(),
                settings.server().saveDelay().toMillis(), settings.burst().warmup()));
        lines.add(String.format(Locale.ROOT, "Profile %s: %s. Server settings passed: %s. Each (combination, mode) "
                        + "measured %d time(s) on the same server; the client warmed up once before the first run.",
                settings.profile().name().toLowerCase(Locale.ROOT), settings.profile().scaling(),
                settings.server().serverArgs().isEmpty() ? "none (Boot's defaults)" : String.join(", ", settings.server().serverArgs()),
                settings.repeat()));
        RepositoryKind repository = settings.variant().repository();
        lines.add("Repository: " + repository.label() + ". " + capitalized(repository.howItWaits())
                + (repository != RepositoryKind.JDBC ? "." : ". Database: " + (settings.server().databaseUrl() == null
                ? "H2 over TCP, a separate process on loopback, one per server" : "the PostgreSQL at "
                + Secrets.address(settings.server().databaseUrl())) + "; pool " + settings.variant().poolSize()
                + " connections, bulkhead " + (settings.variant().maxConcurrent() == null ? "off"
                : settings.variant().maxConcurrent()) + "."));
        lines.add("The numbers describe a burst: every request is released at the same instant, so latency includes "
                + "the time a request waits for a free thread or connection. It is not a steady request rate. "
                + "'send spread' is the time between the first and the last request actually sent, and 'client "
                + "CPU' the load generator's own CPU time: when either is large, the client limited the result.");
        return lines;
    }

    private static String capitalized(String sentence) {
        return Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    Table environment() {
        List<List<String>> rows = new ArrayList<>();
        runs.stream().filter(RunRecord::measured).findFirst().ifPresent(r -> {
            RunSummary s = r.summary();
            rows.add(List.of("client", s.client().client().availableProcessors() + " cores", "JDK " + s.client().client().javaVersion()
                    + " (" + s.client().client().javaVendor() + ")", "common-pool parallelism "
                    + s.client().client().commonPoolParallelism(), s.client().client().os() + "; JVM options: "
                    + s.client().client().jvmOptionsLine()));
            ServerEnvironment e = s.server().serverEnvironment();
            if (e != null) {
                ServerEnvironment.WebServerLimits t = e.webServer();
                rows.add(List.of("server", e.availableProcessors() + " cores",
                        "JDK " + e.javaVersion() + " (" + e.javaVendor() + ")",
                        "common-pool parallelism " + e.commonPoolParallelism(),
                        String.format(Locale.ROOT, "max heap %d MB; %s; %s", e.maxHeapBytes() >> 20, t.describe(),
                                e.describeSettings())));
            }
        });
        return new Table(List.of("side", "cores", "JDK", "common pool", "other"), rows);
    }

    /**
     * One row per (combination, mode): medians over its repeats, the p99 range, and the figures of the repeat that
     * stands for it; a combination never measured shows why.
     */
    Table results(Mode mode) {
        List<List<String>> rows = new ArrayList<>();
        List<RunRecord> runs = runsOf(mode);
        for (Repeats cell : Repeats.of(runs)) {
            RunSummary s = cell.representative().summary();
            ServerJvm jvm = s.server().serverJvm();
            Spread p99 = cell.p99();
            long failed = cell.runs().stream().mapToLong(r -> r.summary().outcome().failed()).sum();
            String causes = cell.runs().stream().map(r -> r.summary().outcome().failuresByCause())
                    .filter(m -> !m.isEmpty()).map(Object::toString).distinct().reduce((a, b) -> a + " " + b)
                    .orElse("");
            rows.add(List.of(cell.flags(), cell.clean() ? "ok" : cell.runs().size() == 1 ? "FAILED"
                            : "FAILED " + cell.failedRepeats() + "/" + cell.runs().size(),
                    String.valueOf(cell.runs().size()), ms(cell.p50().median()), ms(p99.median()),
                    Double.isNaN(p99.min()) ? "-" : ms(p99.min()) + "-" + ms(p99.max()), ms(cell.wall().median()),
                    failed + (causes.isEmpty() ? "" : " " + causes), lostWrites(cell),
                    jvm == null ? "" : String.valueOf(jvm.platformThreadsPeak()),
                    jvm == null ? "" : String.valueOf(jvm.virtualThreadsStarted()),
                    jvm == null ? "" : String.valueOf(jvm.virtualThreadsPinned()),
                    jvm == null ? "" : String.valueOf(jvm.heapUsedMb()),
                    String.format(Locale.ROOT, "spread %.0f ms, client CPU %.0f ms", s.outcome().sendSpreadMs(),
                            s.outcome().clientCpuMs())));
        }
        for (RunRecord r : runs) {
            if (!r.measured() && runs.stream().noneMatch(m -> m.measured() && m.sameCell(r))) {
                rows.add(List.of(r.flags(), r.status().name(), "0", "", "", "", "", "", "", "", "", "", "",
                        r.message() == null ? "" : r.message().lines().findFirst().orElse("")));
            }
        }
        return new Table(List.of("flags", "status", "repeats", "p50 ms", "p99 ms", "p99 range ms", "wall ms",
                "failures", "lost writes", "platform threads peak", "virtual threads started",
                "pinned events", "heap MB", "notes"), rows);
    }

    /**
     * For a JDBC variant, one row per (combination, mode): the bound the pool imposes, what was measured, and
     * whether the run was pool-bound; {@code null} for the other adapters.
     */
    Table poolBound(Mode mode) {
        // A card's reads hold the pool otherwise than a visit: capacity predicts them (N / (b x h)).
        if (settings.variant().poolSize() == null || !mode.visits()) {
            return null;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Repeats cell : Repeats.of(runsOf(mode))) {
            PoolBound b = PoolBound.of(settings, cell);
            rows.add(List.of(cell.flags(), String.valueOf(b.poolSize()),
                    b.maxConcurrent() == null ? "off" : String.valueOf(b.maxConcurrent()), ms(b.poolBoundMs()),
                    b.threadBoundMs() == null ? "-" : ms(b.threadBoundMs()), ms(cell.p99().median()),
                    ms(cell.wall().median()), String.valueOf(b.refusedByPool()), String.valueOf(b.failedOtherwise()),
                    b.verdict()));
        }
        return new Table(List.of("flags", "pool", "bulkhead", "pool's bound ms", "threads' bound ms", "p99 ms",
                "wall ms", "refused by pool or bulkhead", "failed otherwise", "verdict"), rows);
    }

    /** What introduces {@link #fanOut(Mode)} in both renderings: the way, and whose threads its reads wait on. */
    String fanOutRule() {
        FanOutWay way = settings.server().fanOut();
        return "The fan-out ran " + way.label() + ": its reads waited on " + way.branchesOn()
                .map(flag -> flag == Flag.T ? "the request's thread (T)" : flag + "'s threads, the request's thread (T) "
                        + "waiting for them").orElse("threads of the way's own, the request's thread (T) waiting for "
                        + "them") + ". What it left behind its answers, from the server's /lab/fanout: branches still "
                + "running when the request was answered (nothing waits for them; they hold their thread and their "
                + "call to the end), reads started after a failure or the deadline had answered, and the request id "
                + "each branch's thread carried as it read: the request's own, none (the context did not reach it) "
                + "or another request's (left on a pooled thread).";
    }

    /** One row per (combination, mode) whose {@code /lab/fanout} was read; {@code null} when none was. */
    Table fanOut(Mode mode) {
        List<List<String>> rows = new ArrayList<>();
        for (RunRecord r : representatives(mode)) {
            FanOutAftermath f = r.summary().server().serverFanOut();
            if (f != null) {
                rows.add(List.of(r.flags(), f.way(), String.valueOf(f.answered()), String.valueOf(f.failed()),
                        String.valueOf(f.branchesRunningAtTheAnswer()), String.valueOf(f.readsStartedAfterTheAnswer()),
                        requestIds(f)));
            }
        }
        return rows.isEmpty() ? null : new Table(List.of("flags", "way", "answered", "failed",
                "branches running after the answer", "reads started after a failure",
                "branches with the request's id / none / another's"), rows);
    }

    /** {@code 6000 / 0 / 0}; {@code -} for a server, or a result, from before the lab counted them. */
    private static String requestIds(FanOutAftermath f) {
        return f.branchesWithTheRequestId() == null ? "-" : f.branchesWithTheRequestId() + " / "
                + f.branchesWithNoRequestId() + " / " + f.branchesWithAnotherRequestsId();
    }

    /** What introduces {@link #meters(Mode)} in both renderings. */
    static final String METERS_RULE = "The server's own meters at their peak during the burst, read once a second on "
            + "its management port (docs/observing.md): each pool's in-use and waiting meters, those that moved (a "
            + "burst over within its first second was not read). A pool in use at its size, with requests waiting, "
            + "is the one that bound; it is the meter to watch in a service of your own.";

    /**
     * One row per (combination, mode) whose meters were read: the pools' meters that moved, at their peak; {@code
     * null} when none was read (a server before the meters).
     */
    Table meters(Mode mode) {
        List<List<String>> rows = new ArrayList<>();
        for (RunRecord r : representatives(mode)) {
            Map<String, Double> peaks = r.summary().server().meterPeaks();
            if (peaks == null) {
                continue;
            }
            List<String> moved = peaks.entrySet().stream().filter(e -> e.getValue() > 0)
                    .map(e -> e.getKey() + " " + Math.round(e.getValue())).toList();
            rows.add(List.of(r.flags(), moved.isEmpty() ? "none moved" : String.join(", ", moved)));
        }
        return rows.isEmpty() ? null : new Table(List.of("flags", "meters at their peak"), rows);
    }

    /** Lost writes summed over the repeats, or "unknown" when any repeat's count could not be read. */
    private static String lostWrites(Repeats cell) {
        if (cell.runs().stream().anyMatch(r -> r.summary().writes().lostWrites() == null)) {
            return "unknown";
        }
        return String.valueOf(cell.runs().stream().mapToLong(r -> r.summary().writes().lostWrites()).sum());
    }

    /** One run per (combination, mode), the one that stands for its repeats: for the charts and placements. */
    List<RunRecord> representatives(Mode mode) {
        return Repeats.of(runsOf(mode)).stream().map(Repeats::representative).toList();
    }

    Table placement(Mode mode) {
        List<List<String>> rows = new ArrayList<>();
        for (RunRecord r : representatives(mode)) {
            if (r.summary().server().serverThreads() == null) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(r.flags()));
            for (ServerLayer layer : ServerLayer.values()) {
                row.add(placementCell(r.summary().server().serverThreads().pools(layer)));
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("flags"));
        Arrays.stream(ServerLayer.values()).map(ServerLayer::heading).forEach(header::add);
        return new Table(header, rows);
    }

    /** {@code virtual vt-tomcat-} or {@code platform http-nio-...-exec-}, pools joined by {@code +}. */
    private static String placementCell(List<ServerThreads.Pool> pools) {
        List<String> parts = new ArrayList<>();
        for (ServerThreads.Pool pool : pools) {
            parts.add(pool.kind().toLowerCase(Locale.ROOT) + " " + pool.pool());
        }
        return parts.isEmpty() ? "-" : String.join(" + ", parts);
    }

    Table flagEffects() {
        List<List<String>> rows = new ArrayList<>();
        for (Findings.FlagEffect e : findings.flagEffects()) {
            rows.add(List.of(e.mode(), String.valueOf(e.flag()), e.verdict().words(), ratio(e.medianP99Ratio()),
                    range(e.p99RatioLow(), e.p99RatioHigh()), ratio(e.medianWallRatio()),
                    e.pairs().stream().map(ReportContent::pairText).reduce((a, b) -> a + "; " + b).orElse("")));
        }
        return new Table(List.of("mode", "flag", "verdict", "median p99 on/off", "observed range",
                "median wall on/off", "pairs"), rows);
    }

    /** {@code T0 A0 W0 R0 -> T1 A0 W0 R0: p99 x0.12 (0.10-0.14)}, or what the flag did to failing. */
    private static String pairText(Findings.Pair p) {
        return p.off() + " -> " + p.on() + ": " + (p.change() != Findings.Change.BOTH_CLEAN ? p.change().words()
                : "p99 x" + ratio(p.p99Ratio()) + " (" + range(p.p99RatioLow(), p.p99RatioHigh())
                + (p.rangesOverlap() ? ", ranges overlap" : "") + ")");
    }

    Table best() {
        List<List<String>> rows = new ArrayList<>();
        for (Findings.Best b : findings.best()) {
            rows.add(List.of(b.mode(), b.flags(), ms(b.p99Ms()), ms(b.wallMs()), ms(b.floorMs()),
                    ratio(b.p99OverFloor())));
        }
        return new Table(List.of("mode", "fastest clean combination", "p99 ms", "wall ms", "floor ms",
                "p99 / floor"), rows);
    }

    /** One row per site where virtual threads were pinned, over every run; {@code null} when none was. */
    Table pinning() {
        return pinningTable(findings.pinning());
    }

    /**
     * The sites where a virtual thread was pinned while the repository waited (vtlab's own code, a driver, the
     * pool): the pins that hold a carrier for a whole call, and so the ones that matter; {@code null} when none.
     */
    Table pinningInTheWait() {
        return pinningTable(findings.pinning().stream().filter(Pinning::inTheRepositorysWait).toList());
    }

    /**
     * Every other pin, one line per kind: class loading (once per class, at its first use) and one-off library or
     * JDK sites, e.g. {@code class loading: 44 events at 12 sites, in 12 runs}.
     */
    List<String> pinningElsewhere() {
        return Pinning.summaryByKind(findings.pinning().stream().filter(p -> !p.inTheRepositorysWait()).toList());
    }

    private static Table pinningTable(List<Pinning> sites) {
        if (sites.isEmpty()) {
            return null;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Pinning p : sites) {
            rows.add(List.of(p.kind(), p.where(), String.valueOf(p.events()), String.join(", ", p.runs())));
        }
        return new Table(List.of("kind", "where (first frame outside the JDK)", "pinned events", "runs"), rows);
    }

    /** What the pinning section says when no pin was in the repository's wait. */
    static final String NO_PINNING_IN_THE_WAIT = "No virtual thread was pinned while the repository waited.";

    /** What the pinning section says when {@link #pinning()} has no row. */
    static final String NO_PINNING = "No run had a pinned event.";

    /** What the pinning section shows, and how to find a pin yourself. */
    static final String PINNING_RULE = "Each jdk.VirtualThreadPinned event the server's JFR stream saw (a virtual "
            + "thread that blocked while it could not leave its carrier), grouped by site: class loading (any JDK, "
            + "once per class), synchronized in vtlab's own code (JDK 21 to 23), a driver, the pool, another "
            + "library. The site is the first frame outside the JDK, so a pin during a class's first use (its loading, "
            + "initialization or reflection data) that the JDK does not name as such shows under the frame that used "
            + "the class: a handful of events at a library or vtlab frame on JDK 24 or newer are most likely that. "
            + "To find a pin yourself: run the server with -Djdk.tracePinnedThreads=full on JDK 21 to 23, "
            + "or record with -XX:StartFlightRecording=filename=pins.jfr, stop the server and read it with "
            + "jfr print --events jdk.VirtualThreadPinned pins.jfr; jcmd PID Thread.dump_to_file -format=json "
            + "threads.json shows where each virtual thread waits at that moment.";

    String thresholdSentence() {
        return String.format(Locale.ROOT, "A flag *matters* for a mode when turning it on, with the other relevant "
                + "flags held, changes p99 by a factor of %.0f or more either way (median over the pairs where both "
                + "were clean) with the p99 ranges of on and off apart over the %d repeat(s) of each, or turns a "
                + "failing combination (any repeat failed) into a clean one or back; otherwise it has *no effect*, "
                + "and the observed range of the ratio is given. A ratio past the threshold with overlapping ranges "
                + "is *unclear*. Flags a mode cannot feel are held off and not measured for it.",
                findings.threshold(), settings.repeat());
    }

    List<RunRecord> runsOf(Mode mode) {
        return runs.stream().filter(r -> r.mode() == mode).toList();
    }

    List<Mode> modes() {
        return settings.modes();
    }

    static String ms(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.0f", value);
    }

    /** {@code 0.13-0.16}, or {@code -} when there is no ratio (the flag changed failing instead). */
    static String range(double low, double high) {
        return Double.isNaN(low) ? "-" : ratio(low) + "-" + ratio(high);
    }

    static String ratio(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
