package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariPoolMXBean;
import dev.vtlab.redaction.Secrets;
import dev.vtlab.adapters.out.BlockingVisitRepository;
import dev.vtlab.domain.Visit;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcOperations;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Persistence adapter: keeps visits in a database through a connection pool, with Spring's JDBC support. Each
 * call borrows one connection and holds it while the database waits ({@code count-delay} or {@code save-delay},
 * server side: the calling thread waits on its socket as with a real slow query), then counts or inserts. So a
 * request holds a connection for both delays, and the pool, not the threads, bounds how many are served at once.
 * Its async calls run on the executor it is given (flag R), like the sleepy adapter's. Every failure becomes a
 * {@link DatabaseException} naming the database and the pool.
 */
public final class JdbcVisitRepository extends BlockingVisitRepository {

    private static final String COUNT = "SELECT COUNT(*) FROM visit";
    private static final String INSERT = "INSERT INTO visit (who, visitor_number) VALUES (?, ?)";

    private final JdbcOperations jdbc;
    private final Dialect dialect;
    private final Duration countDelay;
    private final Duration saveDelay;
    private final String database;
    private final ConnectionPool pool;
    private final HikariPoolMXBean poolState;

    /**
     * @param jdbc          Spring's JDBC template over the pool (behind a {@link Bulkhead} when there is one)
     * @param jdbcUrl       the database's URL; its dialect decides how the database waits
     * @param countDelay    how long the database waits in {@link #count()}
     * @param saveDelay     how long the database waits in {@link #save(Visit)}
     * @param asyncExecutor where {@link #countAsync()} and {@link #saveAsync(Visit)} run (flag R decides)
     * @param pool          the pool, as failures name it
     * @param poolState     the pool's live counts, to tell a busy pool from one that cannot open a connection
     */
    public JdbcVisitRepository(JdbcOperations jdbc, String jdbcUrl, Duration countDelay, Duration saveDelay,
                               Executor asyncExecutor, ConnectionPool pool, HikariPoolMXBean poolState) {
        super(asyncExecutor);
        this.jdbc = jdbc;
        this.dialect = Dialect.of(jdbcUrl).orElseThrow(() -> new IllegalArgumentException(
                "not a JDBC URL this adapter speaks: expected " + Dialect.prefixes()));
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
        this.database = Secrets.address(jdbcUrl);
        this.pool = pool;
        this.poolState = poolState;
    }

    @Override
    public long count() {
        return onConnection(countDelay, connection -> {
            try (PreparedStatement count = connection.prepareStatement(COUNT); ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        });
    }

    @Override
    public void save(Visit visit) {
        onConnection(saveDelay, connection -> {
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, visit.visitor().value());
                insert.setLong(2, visit.visitorNumber());
                return insert.executeUpdate();
            }
        });
    }

    /** One connection for the whole call: the database waits {@code delay} on it, then {@code work} runs. */
    private <T> T onConnection(Duration delay, ConnectionCallback<T> work) {
        try {
            return jdbc.execute((ConnectionCallback<T>) connection -> {
                waitInTheDatabase(connection, delay);
                return work.doInConnection(connection);
            });
        } catch (DataAccessException | RejectedExecutionException e) {
            throw failed(e);
        }
    }

    private void waitInTheDatabase(Connection connection, Duration delay) throws SQLException {
        if (delay.isZero()) {
            return;
        }
        try (PreparedStatement sleep = connection.prepareStatement(dialect.sleepQuery())) {
            sleep.setObject(1, dialect.sleepArgument(delay));
            sleep.executeQuery().close();
        }
    }

    private DatabaseException failed(RuntimeException e) {
        if (e instanceof RejectedExecutionException) {
            return new DatabaseException(DatabaseException.Failure.BULKHEAD_FULL, database, pool,
                    "refused by the bulkhead: " + e.getMessage(), e);
        }
        SQLTransientConnectionException noConnection = find(e, SQLTransientConnectionException.class);
        if (noConnection != null) {
            // HikariCP's "connection is not available": busy, unless it holds no connection at all (then the cause,
            // if it has seen one yet, is why it could not open one).
            Throwable why = noConnection.getCause();
            boolean busy = poolState.getTotalConnections() > 0;
            return busy
                    ? new DatabaseException(DatabaseException.Failure.POOL_EXHAUSTED, database, pool,
                            "no free connection in pool " + pool.name() + " (" + pool.size() + " connections) within "
                                    + pool.timeout().toMillis() + " ms", e)
                    : new DatabaseException(DatabaseException.Failure.UNREACHABLE, database, pool,
                            "the pool holds no open connection (" + (why == null ? "no connection opened yet"
                                    : why.getClass().getSimpleName() + ": " + why.getMessage()) + ")", e);
        }
        String why = ((DataAccessException) e).getMostSpecificCause().getMessage();
        return e instanceof DataAccessResourceFailureException
                ? new DatabaseException(DatabaseException.Failure.UNREACHABLE, database, pool,
                        "connection failed (" + why + ")", e)
                : new DatabaseException(DatabaseException.Failure.QUERY_FAILED, database, pool,
                        "query failed (" + why + ")", e);
    }

    private static <X extends Throwable> X find(Throwable error, Class<X> type) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
