package dev.vtlab.loadgen.matrix;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Test helper: runs a command that ends by itself, within a deadline, its output in a log. */
public final class RunToItsEnd {

    private RunToItsEnd() {
    }

    /**
     * Runs {@code command} to its end within {@code deadline}, its output in {@code log}; its exit value, or empty
     * when it did not end in time (then it is stopped).
     *
     * @param toldOfArchive whether it keeps the class archive {@code JAVA_TOOL_OPTIONS} names, as every JVM the
     *                      tests start does ({@link ServerClassArchive}); without, only its own options choose one to
     *                      read or write
     */
    public static OptionalInt exitValue(List<String> command, Path log, Duration deadline, boolean toldOfArchive)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        String toolOptions = builder.environment().get("JAVA_TOOL_OPTIONS");
        if (toolOptions != null && !toldOfArchive) {
            builder.environment().put("JAVA_TOOL_OPTIONS", Arrays.stream(toolOptions.trim().split("\\s+"))
                    .filter(o -> !o.startsWith("-XX:SharedArchiveFile=")).collect(Collectors.joining(" ")));
        }
        Process process = builder.start();
        try {
            if (process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                return OptionalInt.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        return OptionalInt.empty();
    }

    /** Whether it ended in time with exit value 0. */
    public static boolean succeeded(OptionalInt exitValue) {
        return exitValue.isPresent() && exitValue.getAsInt() == 0;
    }
}
