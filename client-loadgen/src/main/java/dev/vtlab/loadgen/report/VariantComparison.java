package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.labclient.ServerThreads;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.RepositoryKind;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The same experiment over several variants (persistence adapter, server JDK, repository guard, pool), side by side
 * ({@code comparison.md}): each variant's findings, the flags whose verdict differs between variants with what
 * the numbers show as the reason, and per mode a column group per variant. Each variant's full report is in its
 * own folder.
 */
public final class VariantComparison {

    private VariantComparison() {
    }

    /**
     * A flag whose verdict is not the same in every variant.
     *
     * @param mode     the mode
     * @param flag     the flag
     * @param verdicts per variant, the verdict with its median p99 ratio
     * @param reasons  per variant, what the flag-off run showed: where the flag's layer ran, p99, failures and
     *                 pinned events
     */
    public record Difference(String mode, Flag flag, Map<String, String> verdicts, Map<String, String> reasons) {
    }

    /** Writes {@code comparison.md} into {@code dir}; {@code runs} by variant label, in the order measured. */
    public static Path write(Path dir, String commandLine, Map<String, List<RunRecord>> runs) {
        Map<String, Findings> findings = findings(runs);
        StringBuilder md = new StringBuilder("# vtlab flag matrix: variants side by side\n\n");
        md.append("Command: `").append(commandLine).append("`\n\n");
        md.append(variants(runs).markdown()).append('\n');
        for (RepositoryKind kind : RepositoryKind.values()) {
            md.append('`').append(kind.label()).append("`: ").append(kind.howItWaits()).append(". ");
        }
        md.append("The client always runs on the same JDK. Same delays, same flags, same burst.\n\n");
        md.append("## Verdicts\n\n").append(verdicts(findings).markdown()).append('\n');
        List<Difference> differences = differences(runs, findings);
        md.append("## Verdicts that differ between variants\n\n");
        if (differences.isEmpty()) {
            md.append("None: every flag has the same verdict in every variant.\n\n");
        }
        for (Difference d : differences) {
            md.append("- **").append(d.mode()).append(' ').append(d.flag()).append("**: ");
            d.verdicts().forEach((variant, verdict) -> md.append(variant).append(' ').append(verdict).append("; "));
            md.append("with ").append(d.flag()).append(" off: ");
            d.reasons().forEach((variant, reason) -> md.append(variant).append(": ").append(reason).append("; "));
            md.setLength(md.length() - 2);
            md.append(".\n");
        }
        md.append('\n');
        for (Mode mode : Mode.values()) {
            Table table = results(mode, runs);
            if (!table.rows().isEmpty()) {
                md.append("## ").append(mode.label()).append(" (").append(mode.path()).append(")\n\n")
                        .append(table.markdown()).append('\n');
            }
        }
        Path file = dir.resolve("comparison.md");
        try {
            Files.createDirectories(dir);
            Files.writeString(file, md.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    /** Each (mode, flag) whose verdict words are not the same in every variant that measured it. */
    public static List<Difference> differences(Map<String, List<RunRecord>> runs) {
        return differences(runs, findings(runs));
    }

    private static List<Difference> differences(Map<String, List<RunRecord>> runs, Map<String, Findings> findings) {
        List<Difference> differences = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            for (Flag flag : mode.relevantFlags()) {
                Map<String, String> verdicts = new LinkedHashMap<>();
                Map<String, String> reasons = new LinkedHashMap<>();
                Map<String, String> kinds = new LinkedHashMap<>();
                findings.forEach((variant, f) -> effect(f, mode, flag).ifPresent(e -> {
                    verdicts.put(variant, verdictText(e));
                    kinds.put(variant, verdictKind(e));
                    reasons.put(variant, flagOff(runs.get(variant), mode, flag));
                }));
                if (kinds.values().stream().distinct().count() > 1) {
                    differences.add(new Difference(mode.label(), flag, verdicts, reasons));
                }
            }
        }
        return differences;
    }

    private static Map<String, Findings> findings(Map<String, List<RunRecord>> runs) {
        Map<String, Findings> findings = new LinkedHashMap<>();
        runs.forEach((variant, records) -> findings.put(variant, Findings.of(records)));
        return findings;
    }

    private static Optional<Findings.FlagEffect> effect(Findings findings, Mode mode, Flag flag) {
        return findings.flagEffects().stream().filter(e -> e.mode().equals(mode.label()) && e.flag() == flag)
                .findFirst();
    }

    /** The verdict with what it rests on: {@code matters (p99 x0.13)}, {@code matters (causes failures)}. */
    private static String verdictText(Findings.FlagEffect e) {
        String flips = failureChanges(e);
        return e.verdict().words() + (!flips.isEmpty() ? " (" + flips + ")" : Double.isNaN(e.medianP99Ratio()) ? ""
                : " (p99 x" + ReportContent.ratio(e.medianP99Ratio()) + ")");
    }

    /**
     * What two variants must share to agree: the verdict and its direction ({@code matters: fixes failures} is not
     * {@code matters: causes failures}, nor {@code matters: faster}).
     */
    private static String verdictKind(Findings.FlagEffect e) {
        String flips = failureChanges(e);
        String direction = !flips.isEmpty() ? flips : Double.isNaN(e.medianP99Ratio()) ? ""
                : e.medianP99Ratio() < 1 ? "faster" : "slower";
        return e.verdict().words() + ": " + (e.verdict() == Findings.Verdict.MATTERS ? direction : "");
    }

    private static String failureChanges(Findings.FlagEffect e) {
        return e.pairs().stream().map(Findings.Pair::change).filter(Findings.Change::flipsFailures)
                .map(Findings.Change::words).distinct().collect(Collectors.joining(", "));
    }

    /**
     * What the run with {@code flag} off and every other flag off showed: where the flag's layer ran, p99, failures
     * and pinned events.
     */
    private static String flagOff(List<RunRecord> runs, Mode mode, Flag flag) {
        Combination allOff = new Combination(false, false, false, false);
        Optional<Repeats> cell = Repeats.of(runs).stream()
                .filter(c -> c.mode() == mode && c.combination().equals(allOff)).findFirst();
        if (cell.isEmpty()) {
            return "not measured";
        }
        RunSummary s = cell.get().representative().summary();
        List<String> parts = new ArrayList<>();
        ServerThreads threads = s.server().serverThreads();
        if (threads != null) {
            ServerLayer layer = flag.layer();
            threads.pools(layer).stream().findFirst().ifPresent(pool -> parts.add(String.format(Locale.ROOT,
                    "%s ran on %s %s", layer.heading(),
                    pool.kind().toLowerCase(Locale.ROOT), pool.pool())));
        }
        parts.add(String.format(Locale.ROOT, "p99 %.0f ms, %d failed", s.outcome().latency().p99Ms(),
                s.outcome().failed()));
        ServerJvm jvm = s.server().serverJvm();
        if (jvm != null) {
            parts.add(jvm.virtualThreadsPinned() + " pinned events");
        }
        ServerEnvironment env = s.server().serverEnvironment();
        if (env != null) {
            parts.add("JDK " + env.javaVersion() + ", common-pool parallelism " + env.commonPoolParallelism());
        }
        return String.join(", ", parts);
    }

    private static Table variants(Map<String, List<RunRecord>> runs) {
        List<List<String>> rows = new ArrayList<>();
        runs.forEach((variant, records) -> records.stream().filter(RunRecord::measured).findFirst()
                .map(r -> r.summary().server().serverEnvironment()).ifPresent(env -> rows.add(List.of(
                        "[" + variant + "](" + variant + "/report.md)", env.repository(),
                        "JDK " + env.javaVersion() + " (" + env.javaVendor() + ")",
                        env.webServer().server() + " (" + env.webServer().executor() + ")",
                        env.repositoryGuard() == null ? "-" : env.repositoryGuard(),
                        env.pool() == null ? "-" : env.pool().describe()))));
        return new Table(List.of("variant (full report)", "repository", "server JDK", "web server", "guard", "pool"),
                rows);
    }

    private static Table verdicts(Map<String, Findings> findings) {
        List<String> header = new ArrayList<>(List.of("mode", "flag"));
        findings.keySet().forEach(v -> header.add(v + ": verdict (median p99 on/off)"));
        List<List<String>> rows = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            for (Flag flag : mode.relevantFlags()) {
                List<String> row = new ArrayList<>(List.of(mode.label(), String.valueOf(flag)));
                boolean any = false;
                for (Findings f : findings.values()) {
                    Optional<Findings.FlagEffect> effect = effect(f, mode, flag);
                    any |= effect.isPresent();
                    row.add(effect.map(VariantComparison::verdictText).orElse("-"));
                }
                if (any) {
                    rows.add(row);
                }
            }
        }
        return new Table(header, rows);
    }

    private static final List<String> CELLS = List.of("p99 ms", "wall ms", "failed", "lost writes", "pinned");

    private static Table results(Mode mode, Map<String, List<RunRecord>> runs) {
        List<String> header = new ArrayList<>(List.of("flags"));
        runs.keySet().forEach(v -> CELLS.forEach(cell -> header.add(v + " " + cell)));
        Map<String, List<String>> rows = new LinkedHashMap<>();
        int column = 0;
        for (List<RunRecord> records : runs.values()) {
            for (Repeats cell : Repeats.of(records)) {
                if (cell.mode() != mode) {
                    continue;
                }
                List<String> row = rows.computeIfAbsent(cell.flags(), flags -> new ArrayList<>(List.of(flags)));
                while (row.size() < 1 + CELLS.size() * column) {
                    row.add("-");
                }
                row.addAll(cells(cell));
            }
            column++;
        }
        rows.values().forEach(row -> {
            while (row.size() < header.size()) {
                row.add("-");
            }
        });
        return new Table(header, new ArrayList<>(rows.values()));
    }

    private static List<String> cells(Repeats cell) {
        RunSummary s = cell.representative().summary();
        ServerJvm jvm = s.server().serverJvm();
        return List.of(ReportContent.ms(cell.p99().median()), ReportContent.ms(cell.wall().median()),
                s.outcome().failed() + (s.outcome().failuresByCause().isEmpty() ? ""
                        : " " + s.outcome().failuresByCause()),
                s.writes().lostWritesText(), jvm == null ? "-" : String.valueOf(jvm.virtualThreadsPinned()));
    }
}
