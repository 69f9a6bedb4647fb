package dev.vtlab.childprocess;

/**
 * A process that a runner (the matrix, compare) starts as a child exits as soon as the runner is gone, even when
 * the runner was killed with SIGKILL and had no chance to stop it: without this, an orphan would hold its port
 * until someone found it. The runner passes its process id as a JVM option; started by hand, a process has no
 * runner and watches nothing.
 */
public final class RunnerWatch {

    /** The system property with the runner's process id. */
    public static final String RUNNER_PID = "vtlab.lab.runner-pid";

    private RunnerWatch() {
    }

    /** The JVM option that makes a child exit with this process. */
    public static String optionForChildren() {
        return "-D" + RUNNER_PID + "=" + ProcessHandle.current().pid();
    }

    /**
     * Watches the runner named by {@value #RUNNER_PID}, if any.
     *
     * @param who names this process in the line it prints when it exits, e.g. {@code vtlab server}
     * @throws IllegalArgumentException naming the property when its value is not a process id
     */
    public static void exitWhenTheRunnerIsGone(String who) {
        String pid = System.getProperty(RUNNER_PID);
        if (pid == null) {
            return;
        }
        long runner;
        try {
            runner = Long.parseLong(pid.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid value '" + pid + "' for " + RUNNER_PID
                    + ": expected the process id of the runner that started this process.");
        }
        ProcessHandle.of(runner).map(ProcessHandle::onExit).ifPresentOrElse(
                exited -> exited.thenRun(() -> runnerGone(who, runner)), () -> runnerGone(who, runner));
    }

    /** Halt, not exit: a graceful shutdown would wait for requests whose client is gone with the runner. */
    private static void runnerGone(String who, long runner) {
        System.err.println(who + ": the runner (pid " + runner + ") that started this process is gone; exiting");
        Runtime.getRuntime().halt(3);
    }
}
