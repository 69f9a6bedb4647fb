package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.LoadGenerator;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Test helper: runs the command line, in this JVM or in one of its own, and captures its output and exit code. */
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

    /**
     * The command line in a JVM of its own, on this one's class path, as a reader runs it: its CPU time is then its
     * own, where a command run in this JVM counts, as the load generator's, whatever other test classes do here.
     */
    public static ProcessBuilder inItsOwnJvm(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                LoadGenerator.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    /** {@link #inItsOwnJvm} run to its end within {@code deadline} (else stopped, and the test fails). */
    public static Outcome executeInItsOwnJvm(Duration deadline, String... args)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("vtlab-loadgen", ".out");
        Path err = Files.createTempFile("vtlab-loadgen", ".err");
        Process process = inItsOwnJvm(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!process.waitFor(deadline.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("the command did not end within " + deadline + ": " + List.of(args)
                        + "\n" + Files.readString(out) + Files.readString(err));
            }
            return new Outcome(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
