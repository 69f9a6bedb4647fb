package dev.vtlab.loadgen.matrix;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The server's persistence adapter, as {@code vtlab.repository.kind} names it. */
public enum RepositoryKind {
    SLEEPY("the server's own threads sleep through each repository call; lost writes are counted by the "
            + "server's lab"),
    HTTP("the server calls the visit store (a separate process on loopback, one per server) over HTTP/1.1, "
            + "which waits the delays before it answers; lost writes are counted at the store"),
    JDBC("the server borrows a connection from its HikariCP pool for each repository call and the database "
            + "waits the delay on it; lost writes are counted in the database");

    private final String howItWaits;

    RepositoryKind(String howItWaits) {
        this.howItWaits = howItWaits;
    }

    /** Where the waiting happens and where lost writes are counted, as the reports say it. */
    public String howItWaits() {
        return howItWaits;
    }

    /** {@code sleepy}, {@code http} or {@code jdbc}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RepositoryKind> parse(String label) {
        return Arrays.stream(values()).filter(r -> r.label().equals(label.strip().toLowerCase(Locale.ROOT)))
                .findFirst();
    }
}
