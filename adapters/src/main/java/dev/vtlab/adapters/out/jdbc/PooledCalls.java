package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariPoolMXBean;
import dev.vtlab.redaction.Secrets;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcOperations;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;

/**
 * Calls through the pool, shared by the JDBC adapters: each borrows one connection and holds it while the database
 * waits (server side, so the calling thread waits on its socket as with a real slow query), then does its work on
 * it. Every failure becomes a {@link DatabaseException} naming the database and the pool.
 */
final class PooledCalls {

    private final JdbcOperations jdbc;
    private final Dialect dialect;
    private final String database;
    private final ConnectionPool pool;
    private final HikariPoolMXBean poolState;

    PooledCalls(JdbcOperations jdbc, String jdbcUrl, ConnectionPool pool, HikariPoolMXBean poolState) {
        this.jdbc = jdbc;
        this.dialect = Dialect.of(jdbcUrl).orElseThrow(() -> new IllegalArgumentException(
                "not a JDBC URL this adapter speaks: expected " + Dialect.prefixes()));
        this.database = Secrets.address(jdbcUrl);
        this.pool = pool;
        this.poolState = poolState;
    }

    /** One connection for the whole call: the database waits {@code delay} on it, then {@code work} runs. */
    <T> T onConnection(Duration delay, ConnectionCallback<T> work) {
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
