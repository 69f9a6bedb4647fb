package dev.vtlab.application.port.out;

import java.time.Duration;

/** An {@link IndependentReads} fan-out passed its deadline with this branch still unanswered. */
public class BranchTimedOutException extends RuntimeException {

    private final String branch;
    private final Duration deadline;

    public BranchTimedOutException(String branch, Duration deadline) {
        super("branch " + branch + " had not answered within the fan-out's deadline of " + deadline.toMillis()
                + " ms");
        this.branch = branch;
        this.deadline = deadline;
    }

    /** The first branch, in the order given, that had not answered at the deadline. */
    public String branch() {
        return branch;
    }

    public Duration deadline() {
        return deadline;
    }
}
