package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariPoolMXBean;
import dev.vtlab.adapters.out.BlockingVisitRepository;
import dev.vtlab.domain.Visit;
import org.springframework.jdbc.core.JdbcOperations;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.concurrent.Executor;

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

    private final PooledCalls calls;
    private final Duration countDelay;
    private final Duration saveDelay;

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
        this.calls = new PooledCalls(jdbc, jdbcUrl, pool, poolState);
        this.countDelay = countDelay;
        this.saveDelay = saveDelay;
    }

    @Override
    public long count() {
        return calls.onConnection(countDelay, connection -> {
            try (PreparedStatement count = connection.prepareStatement(COUNT); ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        });
    }

    @Override
    public void save(Visit visit) {
        calls.onConnection(saveDelay, connection -> {
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, visit.visitor().value());
                insert.setLong(2, visit.visitorNumber());
                return insert.executeUpdate();
            }
        });
    }
}
