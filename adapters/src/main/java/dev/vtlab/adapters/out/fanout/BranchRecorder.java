package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.IndependentReads.Read;
import org.slf4j.MDC;

/** Runs one branch where it is called and notes what it ran on: the thread, and the request id that thread carried. */
final class BranchRecorder {

    private final String requestIdKey;

    /** @param requestIdKey the logging context's (MDC's) key for the request id */
    BranchRecorder(String requestIdKey) {
        this.requestIdKey = requestIdKey;
    }

    /** The branch's answer and its run; a failure of the read becomes a {@link BranchFailedException} naming it. */
    Ran run(Read<?> read) {
        Thread thread = Thread.currentThread();
        BranchRun run = new BranchRun(read.branch(), thread.getName(), thread.isVirtual(), MDC.get(requestIdKey));
        try {
            return new Ran(read.call().get(), run);
        } catch (BranchFailedException alreadyNamed) {
            throw alreadyNamed;
        } catch (RuntimeException | Error e) {
            throw new BranchFailedException(read.branch(), e);
        }
    }

    /** A branch's answer and its run. */
    record Ran(Object value, BranchRun run) {
    }
}
