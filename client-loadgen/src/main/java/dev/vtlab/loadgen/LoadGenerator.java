package dev.vtlab.loadgen;

import dev.vtlab.loadgen.cli.CapacityCommand;
import dev.vtlab.loadgen.cli.CeilingsCommand;
import dev.vtlab.loadgen.cli.CompareCommand;
import dev.vtlab.loadgen.cli.FiguresCommand;
import dev.vtlab.loadgen.cli.MatrixCommand;
import dev.vtlab.loadgen.cli.RunCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Load generator entry point: {@code run} (one burst, or a steady rate), {@code matrix} (the flag-matrix experiment),
 * {@code capacity} (the rate each placement sustains), {@code compare}, {@code figures} and {@code ceilings}
 * (any Spring Boot service's ceilings from its own meters). The
 * processes the server depends on are the downstream module's ({@code vtlab-downstream visit-store | database}).
 */
@Command(name = "vtlab-loadgen", mixinStandardHelpOptions = true, version = "vtlab-loadgen 0.1.0",
        description = "Measures where virtual threads help a Spring Boot service.",
        subcommands = {RunCommand.class, MatrixCommand.class, CapacityCommand.class, CompareCommand.class,
                FiguresCommand.class, CeilingsCommand.class})
public final class LoadGenerator implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (2 for bad arguments, as picocli does). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The command line, for callers that want to redirect its output. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new LoadGenerator());
        // A refused command line: what is wrong in one line (and picocli's "did you mean" for a mistyped command),
        // then where the usage is, not the usage itself (75 lines that push the reason off the screen).
        cli.setParameterExceptionHandler((error, args) -> {
            CommandLine failed = error.getCommandLine();
            failed.getErr().println(error.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(error, failed.getErr());
            failed.getErr().println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for the options.");
            return failed.getCommandSpec().exitCodeOnInvalidInput();
        });
        return cli;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: run, matrix, capacity, compare, "
                + "figures or ceilings");
    }
}
