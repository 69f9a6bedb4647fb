package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The fan-out as a baseline ({@code vtlab.fan-out=sequential}): the reads one after the other, in the order given,
 * on the caller's thread; the latency is their sum. With no other thread a read cannot be cut short: the deadline
 * is checked as each read ends, and one that ends past it answers a timeout naming it, the later reads not started.
 */
public final class SequentialReads implements IndependentReads {

    private final Duration deadline;
    private final BranchRecorder recorder;

    /**
     * @param deadline     how long the reads may take together
     * @param requestIdKey the logging context's key for the request id, reported for each branch
     */
    public SequentialReads(Duration deadline, String requestIdKey) {
        this.deadline = deadline;
        this.recorder = new BranchRecorder(requestIdKey);
    }

    @Override
    public Answers readAll(List<Read<?>> reads) {
        Branches.requireDistinct(reads);
        long start = System.nanoTime();
        List<BranchRecorder.Ran> answered = new ArrayList<>();
        for (Read<?> read : reads) {
            answered.add(recorder.run(read));
            if (System.nanoTime() - start > deadline.toNanos()) {
                throw new BranchTimedOutException(read.branch(), deadline);
            }
        }
        return Branches.answers(answered);
    }

}
