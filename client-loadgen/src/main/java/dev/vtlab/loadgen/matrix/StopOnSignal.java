package dev.vtlab.loadgen.matrix;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * Ctrl-C or SIGTERM while a runner works through its plan: a shutdown hook that tells the runner to start nothing
 * more, kills the servers it started and writes the report with what was measured. Closing it (the plan done, or
 * failed) kills any server still running and removes the hook. The matrix and the capacity search share it.
 */
public final class StopOnSignal implements AutoCloseable {

    private final ChildProcesses children;
    private final Thread hook;
    private volatile boolean stopping;

    /**
     * Adds the hook.
     *
     * @param runner             the runner's name, for the hook thread's ({@code vtlab-RUNNER-shutdown})
     * @param children           the processes the runner starts
     * @param writePartialReport writes the report marked interrupted; false when it had been written already
     * @param outputDir          where the report goes, for the line printed when the hook wrote it
     */
    public StopOnSignal(String runner, ChildProcesses children, BooleanSupplier writePartialReport, Path outputDir) {
        this.children = children;
        this.hook = new Thread(() -> {
            stopping = true; // the main thread runs on while the hooks run: it must not start another server
            children.refuseNewAndKillAll();
            if (writePartialReport.getAsBoolean()) {
                System.err.println("Interrupted: the report has what was measured, in " + outputDir);
            }
        }, "vtlab-" + runner + "-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Whether a signal came: the runner starts nothing more. */
    public boolean stopping() {
        return stopping;
    }

    @Override
    public void close() {
        children.killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running and writes the report itself
        }
    }
}
