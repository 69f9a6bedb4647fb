package dev.vtlab.application.port.out;

/** A read of an {@link IndependentReads} fan-out failed; the cause is the read's own failure. */
public class BranchFailedException extends RuntimeException {

    private final String branch;

    public BranchFailedException(String branch, Throwable cause) {
        super("branch " + branch + " failed: " + cause.getMessage(), cause);
        this.branch = branch;
    }

    /** The branch that failed, e.g. {@code recommendation}. */
    public String branch() {
        return branch;
    }
}
