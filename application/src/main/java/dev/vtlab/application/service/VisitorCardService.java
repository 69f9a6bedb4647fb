package dev.vtlab.application.service;

import dev.vtlab.application.port.in.ShowVisitorCardUseCase;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.IndependentReads.Answers;
import dev.vtlab.application.port.out.IndependentReads.Read;
import dev.vtlab.application.port.out.LastVisits;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.application.port.out.VisitCounts;
import dev.vtlab.domain.VisitorCard;
import dev.vtlab.domain.VisitorName;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Use case service: a visitor's card from three reads. It knows they are independent, and says so by handing them
 * to {@link IndependentReads} together; how they run (one after the other, or at once, and on which threads) is
 * the adapter's, chosen in the composition root. It never creates a thread or picks an executor.
 */
public final class VisitorCardService implements ShowVisitorCardUseCase {

    public static final String VISIT_COUNT = "visit-count";
    public static final String LAST_VISIT = "last-visit";
    public static final String RECOMMENDATION = "recommendation";

    private final VisitCounts visitCounts;
    private final LastVisits lastVisits;
    private final Recommendations recommendations;
    private final IndependentReads reads;

    public VisitorCardService(VisitCounts visitCounts, LastVisits lastVisits, Recommendations recommendations,
                              IndependentReads reads) {
        this.visitCounts = visitCounts;
        this.lastVisits = lastVisits;
        this.recommendations = recommendations;
        this.reads = reads;
    }

    @Override
    public ShownCard cardFor(VisitorName visitor) {
        Read<Long> visits = new Read<>(VISIT_COUNT, () -> visitCounts.visitsOf(visitor));
        Read<Optional<Instant>> last = new Read<>(LAST_VISIT, () -> lastVisits.lastVisitOf(visitor));
        Read<String> recommendation = new Read<>(RECOMMENDATION, () -> recommendations.recommendationFor(visitor));
        Answers answers = reads.readAll(List.of(visits, last, recommendation));
        return new ShownCard(VisitorCard.of(visitor, answers.of(visits), answers.of(last), answers.of(recommendation)),
                answers.runs());
    }
}
