package dev.vtlab.loadgen.matrix;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The child processes (servers, visit stores) one runner has started and not yet seen exit, so that it can leave
 * no orphan, even on Ctrl-C: its shutdown hook refuses new ones and kills those still running.
 */
public final class ChildProcesses {

    private final Set<ServerProcess> live = ConcurrentHashMap.newKeySet();
    /** Set when the runner shuts down: a child started after that would outlive it. */
    private volatile boolean refusing;

    /** Tracks a just-started child; false (and the caller must kill it) when the runner is shutting down. */
    boolean track(ServerProcess child) {
        live.add(child);
        return !refusing; // checked after joining, so either this or refuseNewAndKillAll() sees the other
    }

    void forget(ServerProcess child) {
        live.remove(child);
    }

    /** For shutdown hooks: from now on no child may start, and every one still running is killed. */
    public void refuseNewAndKillAll() {
        refusing = true;
        killAll();
    }

    /** Kills every child still running. */
    public void killAll() {
        for (ServerProcess child : List.copyOf(live)) {
            try {
                child.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
