package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.matrix.MatrixExperiment;
import dev.vtlab.loadgen.matrix.MatrixRunner;
import dev.vtlab.loadgen.matrix.MatrixSettings;
import dev.vtlab.loadgen.matrix.OutputFolder;
import dev.vtlab.loadgen.matrix.RunRecord;
import dev.vtlab.loadgen.matrix.Variant;
import dev.vtlab.loadgen.report.ReportWriter;
import dev.vtlab.loadgen.report.VariantComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Command: the flag-matrix experiment, from servers started as child processes to the written report. Its options
 * and their validation are {@link MatrixOptions}; the settings they make, {@link MatrixExperiment}; this class
 * runs each variant and says how it went.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts vtlab-server.jar once per relevant combination of the flags T, A, W, R, measures "
                + "each mode it is relevant to, and writes results.json, results.csv, report.md and report.html.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every planned run was measured and no write was lost (failing runs are findings)",
                "1:a server did not start, a write was lost, or the matrix was interrupted",
                "2:bad command line"})
public final class MatrixCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    MatrixOptions options;

    @Override
    public Integer call() throws Exception {
        List<Variant> variants = options.variants.variants();
        MatrixExperiment experiment = options.experiment(spec.commandLine(), CommandLines.of(spec));
        try (OutputFolder folder = OutputDirs.claim(spec.commandLine(), experiment.output().outputDir())) {
            CoreOptions.pinTheLoadGenerator(experiment.server().cores(), spec.commandLine());
            return run(experiment, variants);
        }
    }

    private int run(MatrixExperiment experiment, List<Variant> variants) throws InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        console.println(experiment.banner(variants));
        Map<String, List<RunRecord>> all = new LinkedHashMap<>();
        for (Variant variant : variants) {
            // One variant: the report goes where it always did. Several: one folder each, and a comparison.
            String label = variant.label(variants);
            Path dir = experiment.output().outputDir();
            MatrixSettings settings = experiment.forVariant(variant, variants.size() == 1 ? dir : dir.resolve(label));
            if (variants.size() > 1) {
                console.printf("-- %s: %s (%s) --%n", label, variant.describe(), variant.jdk().home());
            }
            MatrixRunner.Outcome outcome = new MatrixRunner(settings, console,
                    (runs, samples, started, finished, interrupted) ->
                            ReportWriter.write(settings, runs, samples, started, finished, interrupted))
                    .run(experiment.plan(variant));
            all.put(label, outcome.runs());
            console.printf("Report: %s%n        %s%n", outcome.reportDir().resolve("report.md"),
                    outcome.reportDir().resolve("report.html"));
            if (outcome.interrupted()) {
                break;
            }
        }
        if (variants.size() > 1) {
            console.printf("Comparison: %s%n", VariantComparison.write(experiment.output().outputDir(),
                    experiment.output().commandLine(), all));
        }
        List<RunRecord> runs = all.values().stream().flatMap(List::stream).toList();
        long serverFailed = RunRecord.count(runs, RunRecord.Status.SERVER_FAILED);
        long lost = RunRecord.lostWrites(runs);
        console.printf("Lost writes: %d; servers that did not start: %d%n", lost, serverFailed);
        console.flush();
        return serverFailed == 0 && lost == 0 && all.size() == variants.size() ? 0 : 1;
    }
}
