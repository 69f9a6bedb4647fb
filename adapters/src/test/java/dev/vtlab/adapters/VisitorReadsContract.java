package dev.vtlab.adapters;

import dev.vtlab.application.port.out.LastVisits;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.application.port.out.VisitCounts;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Visit;
import dev.vtlab.domain.VisitorName;
import dev.vtlab.downstream.serving.Readings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The visitor card's reads over an adapter that reads a downstream: the same tests, unchanged, for each kind that
 * keeps visits (the sleepy reads keep none). Visits are saved through the same kind's {@link VisitRepository},
 * so the reads answer what the downstream holds: each visitor's count, a last visit once there is one, the reading
 * {@link Readings#after} their visits. Values only, never a duration.
 */
public abstract class VisitorReadsContract {

    /** How far the downstream's clock may be from this JVM's (a PostgreSQL on another host). */
    private static final Duration CLOCKS_APART = Duration.ofMinutes(5);

    /** The reads and the repository of one kind, on one fresh downstream holding no visits. */
    protected record Kind(VisitCounts counts, LastVisits lastVisits, Recommendations recommendations,
                          VisitRepository repository) {

        public static <R extends VisitCounts & LastVisits & Recommendations> Kind of(R reads,
                                                                                      VisitRepository repository) {
            return new Kind(reads, reads, reads, repository);
        }
    }

    private Kind kind;

    /** The reads and the repository of the kind under test, on a fresh downstream holding no visits. */
    protected abstract Kind freshKind();

    @BeforeEach
    void wire() {
        kind = freshKind();
    }

    @Test
    void a_visitor_never_seen_has_no_visits_no_last_visit_and_the_first_reading() {
        VisitorName ada = new VisitorName("Ada");

        assertThat(kind.counts().visitsOf(ada)).isZero();
        assertThat(kind.lastVisits().lastVisitOf(ada)).isEmpty();
        assertThat(kind.recommendations().recommendationFor(ada)).isEqualTo(Readings.after(0));
    }

    @Test
    void each_visitor_reads_their_own_visits_last_visit_and_next_reading() {
        Instant before = Instant.now().minus(CLOCKS_APART);
        kind.repository().save(new Visit(new VisitorName("Ada Lovelace"), 1));
        kind.repository().save(new Visit(new VisitorName("Grace"), 2));
        kind.repository().save(new Visit(new VisitorName("Ada Lovelace"), 3));
        VisitorName ada = new VisitorName("Ada Lovelace");
        VisitorName grace = new VisitorName("Grace");

        assertThat(kind.counts().visitsOf(ada)).isEqualTo(2);
        assertThat(kind.counts().visitsOf(grace)).isEqualTo(1);
        assertThat(kind.counts().visitsOf(new VisitorName("Ada"))).isZero();
        assertThat(kind.lastVisits().lastVisitOf(ada)).hasValueSatisfying(at ->
                assertThat(at).isBetween(before, Instant.now().plus(CLOCKS_APART)));
        assertThat(kind.lastVisits().lastVisitOf(new VisitorName("Ada"))).isEmpty();
        assertThat(kind.recommendations().recommendationFor(ada)).isEqualTo(Readings.after(2));
        assertThat(kind.recommendations().recommendationFor(grace)).isEqualTo(Readings.after(1));
    }
}
