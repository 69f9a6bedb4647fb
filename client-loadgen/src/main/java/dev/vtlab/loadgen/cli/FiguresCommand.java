package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.stored.StoredFiles;
import dev.vtlab.loadgen.report.CapacityReport;
import dev.vtlab.loadgen.report.Figures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** Command: the docs' figures drawn from a matrix's results file. */
@Command(name = "figures", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Draws the figures of a results.json as SVG. A matrix's: for each mode, which thread ran each "
                + "layer per combination (threads-MODE.svg, the article's Figure 9 from measurements), and every "
                + "combination's p99 against the floor (p99.svg). A capacity search's: per mode, latency against "
                + "the rate completed with each predicted ceiling (knee-MODE.svg), and per run its steps second by "
                + "second (series-MODE-FLAGS.svg). Measures nothing.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the figures were written", "2:bad command line"})
public final class FiguresCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", description = "A results.json written by matrix or capacity.")
    Path results;

    @Option(names = "--out", description = "Folder (default: figures/ beside RESULTS).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!StoredFiles.exists(results)) { // results.json, or its .gz beside it, or the .gz named itself
            throw new ParameterException(spec.commandLine(), "no results file at " + results + " (nor "
                    + StoredFiles.stored(results).getFileName() + ")");
        }
        Path dir = out != null ? out : results.toAbsolutePath().getParent().resolve("figures");
        Optional<CapacityReport.Results> capacity = CapacityReport.Results.of(Json.readTree(results));
        List<Path> written = capacity.isPresent() ? CapacityReport.writeCharts(capacity.get(), dir)
                : Figures.write(results, dir);
        written.forEach(spec.commandLine().getOut()::println);
        return 0;
    }
}
