package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.matrix.CoreSplit;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.IOException;

/** Where the server and the load generator run, shared by {@code matrix}, {@code capacity} and {@code run}. */
final class CoreOptions {

    @Option(names = "--server-cores", paramLabel = "N",
            description = "Linux only: run the server and its downstream processes on the first N cores this "
                    + "process may use (taskset), and the load generator on the others, so that neither takes CPU "
                    + "from the other; the CPU's ceiling is then predicted from the server's own CPU time on its N "
                    + "cores. For run, which starts no server: the load generator leaves the first N cores to it "
                    + "(start the server with taskset -c too). Default: every process on every core.")
    Integer serverCores;

    /** The split asked for, or {@code null}; refused in one line where it cannot be had. */
    CoreSplit split(CommandLine command) {
        if (serverCores == null) {
            return null;
        }
        try {
            return CoreSplit.of(serverCores);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, e.getMessage());
        }
    }

    /** Moves the load generator onto its cores, if they are apart; says so in one line. */
    static void pinTheLoadGenerator(CoreSplit split, CommandLine command) throws InterruptedException {
        if (split == null) {
            return;
        }
        try {
            split.pinThisProcess();
        } catch (IOException e) {
            throw new ParameterException(command, "--server-cores: " + e.getMessage());
        }
        command.getOut().println("Cores: " + split.describe());
    }
}
