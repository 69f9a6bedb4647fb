package dev.vtlab.downstream;

import dev.vtlab.downstream.database.DatabaseCommand;
import dev.vtlab.downstream.visitstore.VisitStoreCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the slow world outside the service: one command per dependency the server can be given,
 * {@code visit-store} (its HTTP adapter's backend) and {@code database} (its JDBC adapter's).
 */
@Command(name = "vtlab-downstream", mixinStandardHelpOptions = true, version = "vtlab-downstream 0.1.0",
        description = "Plays the dependencies a vtlab server waits on, on 127.0.0.1.",
        subcommands = {VisitStoreCommand.class, DatabaseCommand.class})
public final class Downstream implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (2 for bad arguments). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The command line, for callers that parse or redirect it. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Downstream());
        // One line that says what is wrong and where the usage is, not a page of usage.
        cli.setParameterExceptionHandler((error, ignored) -> {
            CommandLine failed = error.getCommandLine();
            failed.getErr().println(error.getMessage() + " (see '" + failed.getCommandSpec().qualifiedName()
                    + " --help')");
            return failed.getCommandSpec().exitCodeOnInvalidInput();
        });
        return cli;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: visit-store or database");
    }
}
