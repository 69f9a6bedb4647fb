package dev.vtlab.adapters.out.jdbc;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * How the JDBC adapter makes the database itself wait, chosen from the URL: the wait must happen inside the
 * database (the thread then waits on its socket, as with a real slow query), and each database spells it its way.
 */
public enum Dialect {
    /** H2: the {@code VTLAB_SLEEP(millis)} function that {@code vtlab-downstream database} creates. */
    H2("jdbc:h2:", "SELECT VTLAB_SLEEP(?)"),
    /** PostgreSQL: its own {@code pg_sleep(seconds)}. */
    POSTGRESQL("jdbc:postgresql:", "SELECT pg_sleep(?)");

    private final String urlPrefix;
    private final String sleepQuery;

    Dialect(String urlPrefix, String sleepQuery) {
        this.urlPrefix = urlPrefix;
        this.sleepQuery = sleepQuery;
    }

    /** The dialect of a JDBC URL, if it is one the adapter speaks. */
    public static Optional<Dialect> of(String jdbcUrl) {
        return Arrays.stream(values()).filter(d -> jdbcUrl.startsWith(d.urlPrefix)).findFirst();
    }

    /** The URL prefixes the adapter speaks, for error messages. */
    public static String prefixes() {
        return String.join(" or ", Arrays.stream(values()).map(d -> d.urlPrefix + "...").toList());
    }

    /** A query that waits {@code delay} in the database, with its one parameter. */
    String sleepQuery() {
        return sleepQuery;
    }

    /** The sleep query's parameter: milliseconds for H2, seconds for PostgreSQL. */
    Object sleepArgument(Duration delay) {
        return this == H2 ? (Object) Math.toIntExact(delay.toMillis()) : (Object) (delay.toMillis() / 1000.0);
    }
}
