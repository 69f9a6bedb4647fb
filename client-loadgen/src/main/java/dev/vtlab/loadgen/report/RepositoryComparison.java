package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.matrix.Repository;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The same experiment over two (or more) persistence adapters, side by side ({@code comparison.md}): per mode,
 * each combination's p99, wall time, failures and lost writes for each adapter, and each flag's verdict for each.
 * Each adapter's full report is in its own folder.
 */
public final class RepositoryComparison {

    private RepositoryComparison() {
    }

    /** Writes {@code comparison.md} into {@code dir}; {@code runs} in the order the adapters were measured. */
    public static Path write(Path dir, String commandLine, Map<Repository, List<RunRecord>> runs) {
        Map<Repository, Findings> findings = new LinkedHashMap<>();
        runs.forEach((repository, records) -> findings.put(repository, Findings.of(records)));
        StringBuilder md = new StringBuilder("# vtlab flag matrix: persistence adapters side by side\n\n");
        md.append("Command: `").append(commandLine).append("`\n\n");
        md.append("Full reports: ");
        runs.keySet().forEach(r -> md.append("[").append(r.label()).append("](").append(r.label())
                .append("/report.md) "));
        md.append("\n\n`sleepy`: the server's own threads sleep through each repository call. `http`: the server "
                + "calls the visit store, a separate process that sleeps as long before it answers; lost writes "
                + "are counted at the store. Same delays, same flags, same burst.\n\n");
        md.append("## Verdicts\n\n").append(verdicts(findings).markdown()).append('\n');
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

    private static Table verdicts(Map<Repository, Findings> findings) {
        List<String> header = new ArrayList<>(List.of("mode", "flag"));
        findings.keySet().forEach(r -> header.add(r.label() + ": verdict (median p99 on/off)"));
        List<List<String>> rows = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            for (char flag : mode.relevantFlags()) {
                List<String> row = new ArrayList<>(List.of(mode.label(), String.valueOf(flag)));
                boolean any = false;
                for (Findings f : findings.values()) {
                    Optional<Findings.FlagEffect> effect = f.flagEffects().stream()
                            .filter(e -> e.mode().equals(mode.label()) && e.flag() == flag).findFirst();
                    any |= effect.isPresent();
                    row.add(effect.map(e -> e.verdict().words() + " (" + ReportContent.ratio(e.medianP99Ratio())
                            + ")").orElse("-"));
                }
                if (any) {
                    rows.add(row);
                }
            }
        }
        return new Table(header, rows);
    }

    private static Table results(Mode mode, Map<Repository, List<RunRecord>> runs) {
        List<String> header = new ArrayList<>(List.of("flags"));
        runs.keySet().forEach(r -> header.addAll(List.of(r.label() + " p99 ms", r.label() + " wall ms",
                r.label() + " failed", r.label() + " lost writes")));
        Map<String, List<String>> rows = new LinkedHashMap<>();
        int column = 0;
        for (List<RunRecord> records : runs.values()) {
            for (RunRecord r : records) {
                if (r.mode() != mode) {
                    continue;
                }
                List<String> row = rows.computeIfAbsent(r.flags(), flags -> new ArrayList<>(List.of(flags)));
                while (row.size() < 1 + 4 * column) {
                    row.add("-");
                }
                row.addAll(cells(r));
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

    private static List<String> cells(RunRecord r) {
        if (!r.measured()) {
            return List.of(r.status().name(), "", "", "");
        }
        RunSummary s = r.summary();
        return List.of(ReportContent.ms(s.outcome().latency().p99Ms()), ReportContent.ms(s.outcome().wallTimeMs()),
                s.outcome().failed() + (s.outcome().failuresByCause().isEmpty() ? "" : " " + s.outcome().failuresByCause()),
                s.writes().lostWritesText());
    }
}
