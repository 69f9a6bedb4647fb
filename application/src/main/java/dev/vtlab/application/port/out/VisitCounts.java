package dev.vtlab.application.port.out;

import dev.vtlab.domain.VisitorName;

/** Outgoing port: how many visits a visitor made. May wait on slow I/O. */
public interface VisitCounts {

    /** The visits known for {@code visitor}. Blocks while the I/O happens. */
    long visitsOf(VisitorName visitor);
}
