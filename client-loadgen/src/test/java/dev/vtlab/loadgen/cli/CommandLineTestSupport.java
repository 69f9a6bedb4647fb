package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.LoadGenerator;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Test helper: runs the command line in this JVM and captures its output and exit code. */
public final class CommandLineTestSupport {

    private CommandLineTestSupport() {
    }

    public record Outcome(int exitCode, String out, String err) {
    }

    public static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = LoadGenerator.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }
}
