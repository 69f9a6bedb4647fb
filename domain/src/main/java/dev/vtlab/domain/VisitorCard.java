package dev.vtlab.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * Domain value: what a visitor's card shows, put together from three reads that do not depend on one another.
 *
 * @param who            the visitor's name
 * @param visits         how many visits are known for this visitor
 * @param lastVisit      when the visitor last came, or empty for a first visit
 * @param recommendation what the visitor might read next
 */
public record VisitorCard(String who, long visits, Optional<Instant> lastVisit, String recommendation) {

    public VisitorCard {
        if (visits < 0) {
            throw new IllegalArgumentException("visits must not be negative, was " + visits);
        }
        lastVisit = lastVisit == null ? Optional.empty() : lastVisit;
    }

    /** The card of {@code visitor} from the three reads. */
    public static VisitorCard of(VisitorName visitor, long visits, Optional<Instant> lastVisit, String recommendation) {
        return new VisitorCard(visitor.value(), visits, lastVisit, recommendation);
    }
}
