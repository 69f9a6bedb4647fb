package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.application.port.out.BranchFailedException;
import dev.vtlab.application.port.out.IndependentReads.Read;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Runs one branch where it is called and notes what it ran on: the thread, and the request id that thread carried.
 * Each read writes one log line on the branch's own thread, at INFO, as it ends: the line carries the request id
 * (the server's log pattern shows the MDC's, {@code logging.pattern.correlation}) only where the context reached
 * the branch. {@code logging.level.dev.vtlab.adapters.out.fanout=warn} silences them (a load run's log). Public for
 * the structured fan-out, in a module of its own, which records its branches as the others do.
 */
public final class BranchRecorder {

    private static final Logger log = LoggerFactory.getLogger(BranchRecorder.class);

    private final String requestIdKey;

    /** @param requestIdKey the logging context's (MDC's) key for the request id */
    public BranchRecorder(String requestIdKey) {
        this.requestIdKey = requestIdKey;
    }

    /** The branch's answer and its run; a failure of the read becomes a {@link BranchFailedException} naming it. */
    public Ran run(Read<?> read) {
        Thread thread = Thread.currentThread();
        BranchRun run = new BranchRun(read.branch(), thread.getName(), thread.isVirtual(), MDC.get(requestIdKey));
        Object value;
        try {
            value = read.call().get();
        } catch (BranchFailedException alreadyNamed) {
            log.info("read {} failed: {}", read.branch(), alreadyNamed.getMessage());
            throw alreadyNamed;
        } catch (RuntimeException | Error e) {
            log.info("read {} failed: {}", read.branch(), e.getMessage());
            throw new BranchFailedException(read.branch(), e);
        }
        log.info("read {} answered", read.branch());
        return new Ran(value, run);
    }

    /** A branch's answer and its run. */
    public record Ran(Object value, BranchRun run) {
    }
}
