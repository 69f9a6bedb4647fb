package dev.vtlab.loadgen.matrix;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The server's persistence adapter, as {@code vtlab.repository.kind} names it. */
public enum RepositoryKind {
    /** In memory; the server's own threads sleep through each call. */
    SLEEPY,
    /** The visit store, a separate process the server calls over HTTP; the delays are on the store's side. */
    HTTP,
    /** A database (H2 over TCP, or PostgreSQL) through a connection pool; the delays are inside the database. */
    JDBC;

    /** {@code sleepy}, {@code http} or {@code jdbc}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RepositoryKind> parse(String label) {
        return Arrays.stream(values()).filter(r -> r.label().equals(label.strip().toLowerCase(Locale.ROOT)))
                .findFirst();
    }
}
