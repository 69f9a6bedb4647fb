package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.report.Figures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Command: the docs' figures drawn from a matrix's results file. */
@Command(name = "figures", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Draws the figures of a matrix's results as SVG: for each mode, which thread ran each layer "
                + "per combination (threads-MODE.svg, the article's Figure 9 from measurements), and every "
                + "combination's p99 against the floor (p99.svg). Measures nothing.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the figures were written", "2:bad command line"})
public final class FiguresCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", description = "A results.json written by matrix.")
    Path results;

    @Option(names = "--out", description = "Folder (default: figures/ beside RESULTS).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(results)) {
            throw new ParameterException(spec.commandLine(), "no results file at " + results);
        }
        Path dir = out != null ? out : results.toAbsolutePath().getParent().resolve("figures");
        for (Path written : Figures.write(results, dir)) {
            spec.commandLine().getOut().println(written);
        }
        return 0;
    }
}
