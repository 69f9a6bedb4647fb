package dev.vtlab.adapters.in.web;

import dev.vtlab.application.port.in.ShowVisitorCardUseCase.ShownCard;
import dev.vtlab.application.port.out.BranchRun;

import java.time.Instant;
import java.util.List;

/**
 * Web response of {@code /fanout}: the visitor's card, the request's id, and what ran each read.
 *
 * @param who            the visitor's name
 * @param visits         the visits known for the visitor
 * @param lastVisit      when the visitor last came, or {@code null} for a first visit
 * @param recommendation what the visitor might read next
 * @param requestId      the request's id, as given in {@code X-Request-Id} or made for it
 * @param branches       each read, in the order the use case declared them
 */
public record FanOutResponse(String who, long visits, Instant lastVisit, String recommendation, String requestId,
                             List<Branch> branches) {

    /**
     * One read of the fan-out.
     *
     * @param branch    its name, e.g. {@code visit-count}
     * @param thread    the thread that ran it
     * @param virtual   whether that thread was virtual
     * @param requestId the request id that thread carried, or {@code null}: the context did not reach it
     */
    public record Branch(String branch, String thread, boolean virtual, String requestId) {

        static Branch of(BranchRun run) {
            return new Branch(run.branch(), run.thread(), run.virtual(), run.requestId());
        }
    }

    static FanOutResponse of(ShownCard shown, String requestId) {
        return new FanOutResponse(shown.card().who(), shown.card().visits(), shown.card().lastVisit().orElse(null),
                shown.card().recommendation(), requestId, shown.branches().stream().map(Branch::of).toList());
    }
}
