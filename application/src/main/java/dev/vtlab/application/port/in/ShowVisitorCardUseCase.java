package dev.vtlab.application.port.in;

import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.domain.VisitorCard;
import dev.vtlab.domain.VisitorName;

import java.util.List;

/** Use case: show a visitor's card, which needs three reads that do not depend on one another. */
public interface ShowVisitorCardUseCase {

    /**
     * Blocking: returns when the three reads have answered. Throws what the fan-out throws when one fails or the
     * deadline passes ({@code BranchFailedException}, {@code BranchTimedOutException}), naming the branch.
     */
    ShownCard cardFor(VisitorName visitor);

    /**
     * The card, and where each of its reads ran.
     *
     * @param card     the visitor's card
     * @param branches each read's run, in the order the use case declared them
     */
    record ShownCard(VisitorCard card, List<BranchRun> branches) {
    }
}
