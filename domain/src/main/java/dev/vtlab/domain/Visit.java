package dev.vtlab.domain;

/**
 * Domain entity: one visit, by whom and with which visitor number.
 *
 * @param visitor       who visited
 * @param visitorNumber the number this visitor was told (count before the visit + 1)
 */
public record Visit(VisitorName visitor, long visitorNumber) {

    /** The visit that follows {@code visitsSoFar} earlier ones. */
    public static Visit next(VisitorName visitor, long visitsSoFar) {
        return new Visit(visitor, visitsSoFar + 1);
    }
}
