package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.adapters.Downstreams;
import dev.vtlab.adapters.VisitorReadsContract;
import dev.vtlab.domain.VisitorName;
import dev.vtlab.downstream.database.VisitDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The card's reads over the JDBC adapter, against H2 over TCP on loopback through a HikariCP pool, the database
 * waiting in each; and a pool with no free connection, or a database that is down: each read raises the
 * {@link DatabaseException} the server's advice answers as a 503 or 502 naming the database and the pool.
 */
class JdbcVisitorReadsContractTest extends VisitorReadsContract {

    private static final VisitorName ADA = new VisitorName("Ada");
    /** HikariCP's shortest wait for a connection. */
    private static final Duration POOL_TIMEOUT = Duration.ofMillis(250);

    private final VisitDatabase database = Downstreams.database(0);
    private final ExecutorService asyncExecutor = Executors.newVirtualThreadPerTaskExecutor();
    private HikariDataSource pool;

    @Override
    protected Kind freshKind() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.jdbcUrl());
        config.setMaximumPoolSize(2);
        pool = new HikariDataSource(config);
        ConnectionPool named = new ConnectionPool("test-pool", 2, POOL_TIMEOUT, null);
        return Kind.of(new JdbcVisitorReads(new JdbcTemplate(pool), database.jdbcUrl(), Duration.ofMillis(5),
                        Duration.ofMillis(5), Duration.ofMillis(5), named, pool.getHikariPoolMXBean()),
                new JdbcVisitRepository(new JdbcTemplate(pool), database.jdbcUrl(), Duration.ZERO, Duration.ZERO,
                        asyncExecutor, named, pool.getHikariPoolMXBean()));
    }

    @AfterEach
    void stop() throws Exception {
        pool.close();
        asyncExecutor.close();
        database.close();
    }

    @Test
    void a_pool_with_every_connection_held_is_exhausted_for_each_read() throws Exception {
        try (HikariDataSource one = pool(database.jdbcUrl(), true); Connection held = one.getConnection()) {
            JdbcVisitorReads reads = reads(one, database.jdbcUrl(), 1);

            assertEachRead(reads, DatabaseException.Failure.POOL_EXHAUSTED);
        }
    }

    @Test
    void a_database_that_is_down_is_unreachable_for_each_read() {
        String nobody = "jdbc:h2:tcp://127.0.0.1:" + Downstreams.portNoOneIsGiven() + "/mem:vtlab;USER=sa;PASSWORD=";
        try (HikariDataSource none = pool(nobody, false)) {
            assertEachRead(reads(none, nobody, 1), DatabaseException.Failure.UNREACHABLE);
        }
    }

    private static JdbcVisitorReads reads(HikariDataSource pool, String url, int size) {
        return new JdbcVisitorReads(new JdbcTemplate(pool), url, Duration.ZERO, Duration.ZERO, Duration.ZERO,
                new ConnectionPool("test-pool", size, POOL_TIMEOUT, null), pool.getHikariPoolMXBean());
    }

    /**
     * A pool of one connection that waits 250 ms for it: opened before the pool is handed out when
     * {@code connected} (so that a test can hold it at once), else not even tried, as the composition root's pool
     * starts without its database.
     */
    private static HikariDataSource pool(String url, boolean connected) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(POOL_TIMEOUT.toMillis());
        config.setInitializationFailTimeout(connected ? 1 : -1);
        return new HikariDataSource(config);
    }

    private static void assertEachRead(JdbcVisitorReads reads, DatabaseException.Failure expected) {
        List<Consumer<VisitorName>> each = List.of(reads::visitsOf, reads::lastVisitOf, reads::recommendationFor);
        for (Consumer<VisitorName> read : each) {
            DatabaseException failure = catchThrowableOfType(DatabaseException.class, () -> read.accept(ADA));
            assertThat(failure).as("each read fails as the pool does").isNotNull();
            assertThat(failure.failure()).isEqualTo(expected);
            assertThat(failure.pool().name()).isEqualTo("test-pool");
        }
    }
}
