package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.adapters.VisitorReadsContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The card's reads over the JDBC adapter on a real PostgreSQL ({@code pg_sleep} in the database), when
 * {@code POSTGRES_TEST_URL} names one, as {@link PostgresVisitRepositoryContractTest} does (same variables, same
 * database of its own: each test starts from an empty {@code visit} table). Skipped, with the reason, otherwise.
 */
class PostgresVisitorReadsContractTest extends VisitorReadsContract {

    private final ExecutorService asyncExecutor = Executors.newVirtualThreadPerTaskExecutor();
    private HikariDataSource pool;

    /** Skipped as a whole when no PostgreSQL is named, saying why once on the build's console. */
    @BeforeAll
    static void aPostgresqlIsNamed() {
        PostgresForTests.assumeNamed("PostgresVisitorReadsContractTest", "the card's reads");
    }

    @Override
    protected Kind freshKind() {
        pool = PostgresForTests.freshPool();
        String url = PostgresForTests.URL;
        ConnectionPool named = new ConnectionPool("test-pool", 2, Duration.ofSeconds(30), null);
        return Kind.of(new JdbcVisitorReads(new JdbcTemplate(pool), url, Duration.ofMillis(5), Duration.ofMillis(5),
                        Duration.ofMillis(5), named, pool.getHikariPoolMXBean()),
                new JdbcVisitRepository(new JdbcTemplate(pool), url, Duration.ZERO, Duration.ZERO, asyncExecutor,
                        named, pool.getHikariPoolMXBean()));
    }

    @AfterEach
    void stop() {
        if (pool != null) {
            pool.close();
        }
        asyncExecutor.close();
    }
}
