package dev.vtlab.application.port.out;

import dev.vtlab.domain.VisitorName;

/** Outgoing port: what a visitor might read next. May wait on slow I/O. */
public interface Recommendations {

    /** A recommendation for {@code visitor}. Blocks while the I/O happens. */
    String recommendationFor(VisitorName visitor);
}
