package dev.vtlab.application.port.out;

import dev.vtlab.domain.VisitorName;

import java.time.Instant;
import java.util.Optional;

/** Outgoing port: when a visitor last came. May wait on slow I/O. */
public interface LastVisits {

    /** When {@code visitor} last came, or empty for a first visit. Blocks while the I/O happens. */
    Optional<Instant> lastVisitOf(VisitorName visitor);
}
