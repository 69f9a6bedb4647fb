package dev.vtlab.loadgen.cli;

import dev.vtlab.redaction.Secrets;
import picocli.CommandLine.Model.CommandSpec;

/** How a command was started, as reports and results record it: its arguments with every credential hidden. */
final class CommandLines {

    private CommandLines() {
    }

    /** {@code vtlab-loadgen} and the arguments {@code spec}'s command was given, through {@link Secrets#redact}. */
    static String of(CommandSpec spec) {
        return Secrets.redact("vtlab-loadgen " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    }
}
