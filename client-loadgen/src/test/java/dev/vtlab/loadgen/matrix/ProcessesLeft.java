package dev.vtlab.loadgen.matrix;

import java.nio.file.Path;
import java.util.List;

/**
 * The processes a runner left behind: live descendants of this JVM whose command line names the runner's output
 * folder (every server and downstream process the runners start is told where to write its ports, inside it).
 * Asking by folder, not for every descendant, lets test classes that start processes run at the same time.
 */
final class ProcessesLeft {

    private ProcessesLeft() {
    }

    static List<String> startedFor(Path out) {
        String folder = out.toAbsolutePath().toString();
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(folder))
                .map(p -> p.pid() + ": " + p.info().commandLine().orElse("")).toList();
    }
}
