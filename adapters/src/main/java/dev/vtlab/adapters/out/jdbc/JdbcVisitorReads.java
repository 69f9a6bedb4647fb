package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariPoolMXBean;
import dev.vtlab.application.port.out.LastVisits;
import dev.vtlab.application.port.out.Recommendations;
import dev.vtlab.application.port.out.VisitCounts;
import dev.vtlab.domain.VisitorName;
import org.springframework.jdbc.core.JdbcOperations;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * The visitor card's three reads from the database, each one query through the same pool as
 * {@link JdbcVisitRepository}: it borrows a connection, holds it while the database waits its own delay, then
 * reads. So each branch of a card holds a connection, and a pool of N serves N branches at once. Where each wait
 * runs is the caller's: this adapter makes no thread. Every failure becomes a {@link DatabaseException} naming the
 * database and the pool, as the repository's do.
 * <p>
 * What it reads, from the schema {@code vtlab-downstream database} creates: the visitor's rows of {@code visit},
 * their latest {@code visited_at}, and the {@code reading} whose {@code turn} is the visitor's visits modulo the
 * readings there are.
 */
public final class JdbcVisitorReads implements VisitCounts, LastVisits, Recommendations {

    private static final String VISITS = "SELECT COUNT(*) FROM visit WHERE who = ?";
    private static final String LAST_VISIT = "SELECT MAX(visited_at) FROM visit WHERE who = ?";
    private static final String RECOMMENDATION = "SELECT title FROM reading WHERE turn = "
            + "MOD((SELECT COUNT(*) FROM visit WHERE who = ?), (SELECT COUNT(*) FROM reading))";

    private final PooledCalls calls;
    private final Duration visitCountDelay;
    private final Duration lastVisitDelay;
    private final Duration recommendationDelay;

    /**
     * @param jdbc                Spring's JDBC template over the pool (behind a {@link Bulkhead} when there is one)
     * @param jdbcUrl             the database's URL; its dialect decides how the database waits
     * @param visitCountDelay     how long the database waits in {@link #visitsOf}
     * @param lastVisitDelay      how long the database waits in {@link #lastVisitOf}
     * @param recommendationDelay how long the database waits in {@link #recommendationFor}
     * @param pool                the pool, as failures name it
     * @param poolState           the pool's live counts, to tell a busy pool from one that cannot open a connection
     */
    public JdbcVisitorReads(JdbcOperations jdbc, String jdbcUrl, Duration visitCountDelay, Duration lastVisitDelay,
                            Duration recommendationDelay, ConnectionPool pool, HikariPoolMXBean poolState) {
        this.calls = new PooledCalls(jdbc, jdbcUrl, pool, poolState);
        this.visitCountDelay = visitCountDelay;
        this.lastVisitDelay = lastVisitDelay;
        this.recommendationDelay = recommendationDelay;
    }

    @Override
    public long visitsOf(VisitorName visitor) {
        return calls.onConnection(visitCountDelay, connection -> {
            try (PreparedStatement query = connection.prepareStatement(VISITS)) {
                query.setString(1, visitor.value());
                return single(query, rows -> rows.getLong(1));
            }
        });
    }

    @Override
    public Optional<Instant> lastVisitOf(VisitorName visitor) {
        return calls.onConnection(lastVisitDelay, connection -> {
            try (PreparedStatement query = connection.prepareStatement(LAST_VISIT)) {
                query.setString(1, visitor.value());
                return single(query, rows -> Optional.ofNullable(rows.getObject(1, OffsetDateTime.class))
                        .map(OffsetDateTime::toInstant));
            }
        });
    }

    @Override
    public String recommendationFor(VisitorName visitor) {
        return calls.onConnection(recommendationDelay, connection -> {
            try (PreparedStatement query = connection.prepareStatement(RECOMMENDATION)) {
                query.setString(1, visitor.value());
                return single(query, rows -> rows.getString(1));
            }
        });
    }

    private interface Column<T> {
        T of(ResultSet rows) throws SQLException;
    }

    /** The one row's value; no row is a failed query (the readings are missing), as the database's errors are. */
    private static <T> T single(PreparedStatement query, Column<T> column) throws SQLException {
        try (ResultSet rows = query.executeQuery()) {
            if (!rows.next()) {
                throw new SQLException("no row: is the schema of vtlab-downstream database there, with its readings?");
            }
            return column.of(rows);
        }
    }
}
