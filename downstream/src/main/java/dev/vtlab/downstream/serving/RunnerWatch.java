package dev.vtlab.downstream.serving;

/**
 * For a downstream process that the matrix starts as a child: given the matrix's process id
 * ({@code -Dvtlab.lab.runner-pid=...}, the same property the server reads), the process exits as soon as the matrix
 * is gone, even after a SIGKILL. Started by hand, it has no runner and watches nothing.
 */
public final class RunnerWatch {

    public static final String RUNNER_PID = "vtlab.lab.runner-pid";

    private RunnerWatch() {
    }

    /** The JVM option that makes a child exit with this process. */
    public static String optionForChildren() {
        return "-D" + RUNNER_PID + "=" + ProcessHandle.current().pid();
    }

    /** Watches the runner named by the property, if any; a value that is not a process id is an error. */
    public static void exitWhenTheRunnerIsGone() {
        String pid = System.getProperty(RUNNER_PID);
        if (pid == null) {
            return;
        }
        long runner = Long.parseLong(pid.strip());
        ProcessHandle.of(runner).map(ProcessHandle::onExit).ifPresentOrElse(
                exited -> exited.thenRun(() -> runnerGone(runner)), () -> runnerGone(runner));
    }

    private static void runnerGone(long runner) {
        System.err.println("downstream: the runner (pid " + runner + ") that started it is gone; exiting");
        Runtime.getRuntime().halt(3);
    }
}
