package dev.vtlab.adapters.config;

import dev.vtlab.adapters.config.settings.InvalidSettingException;
import dev.vtlab.adapters.config.settings.VtlabSettings;

/**
 * Configuration for servers that a runner (the matrix) starts as child processes: given the runner's process id
 * ({@code -Dvtlab.lab.runner-pid=...}), the server exits as soon as the runner is gone, even when the runner was
 * killed with SIGKILL and had no chance to stop it. Without it, an orphan would hold its port until someone
 * found it. Started by hand, a server has no runner and watches nothing.
 */
final class RunnerWatch {


    private RunnerWatch() {
    }

    static void exitWhenTheRunnerIsGone() {
        String pid = System.getProperty(VtlabSettings.RUNNER_PID);
        if (pid == null) {
            return;
        }
        long runner;
        try {
            runner = Long.parseLong(pid.strip());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(VtlabSettings.RUNNER_PID, "Invalid value '" + pid + "' for " + VtlabSettings.RUNNER_PID
                    + ": expected the process id of the runner that started this server.");
        }
        ProcessHandle.of(runner).map(ProcessHandle::onExit).ifPresentOrElse(
                exited -> exited.thenRun(() -> runnerGone(runner)), () -> runnerGone(runner));
    }

    /** Halt, not exit: graceful shutdown would wait up to 30 s for requests whose client is gone with the runner. */
    private static void runnerGone(long runner) {
        System.err.println("vtlab: the runner (pid " + runner + ") that started this server is gone; exiting");
        Runtime.getRuntime().halt(3);
    }
}
