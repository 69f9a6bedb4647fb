package dev.vtlab.application.port.out;

/**
 * What an {@link IndependentReads} adapter saw of one branch: the thread that ran it and the request's id that
 * thread carried, reported as data (the use case passes it on, and never reads a thread itself).
 *
 * @param branch    the branch's name
 * @param thread    the name of the thread that ran it ({@code ""} for an unnamed virtual thread)
 * @param virtual   whether that thread was virtual
 * @param requestId the request id in that thread's logging context when the branch ran, or {@code null}: none
 *                  (the context did not reach the branch)
 */
public record BranchRun(String branch, String thread, boolean virtual, String requestId) {
}
