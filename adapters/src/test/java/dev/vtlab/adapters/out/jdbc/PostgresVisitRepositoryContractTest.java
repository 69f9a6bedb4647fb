package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.adapters.VisitRepositoryContract;
import dev.vtlab.application.port.out.VisitRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The use-case contract over the JDBC adapter on a real PostgreSQL ({@code pg_sleep} in the database), when
 * {@code POSTGRES_TEST_URL} names one, e.g. {@code jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab},
 * with its password in {@code VTLAB_REPOSITORY_PASSWORD} as the server reads it (docs/pools.md says how to get one). Skipped, with the reason, otherwise. Each test starts from an empty
 * {@code visit} table, so point it at a database of its own ({@link PostgresForTests}: why the variable's name does
 * not start with {@code VTLAB_}).
 */
class PostgresVisitRepositoryContractTest extends VisitRepositoryContract {

    private final ExecutorService asyncExecutor = Executors.newVirtualThreadPerTaskExecutor();
    private HikariDataSource pool;

    /** Skipped as a whole when no PostgreSQL is named, saying why once on the build's console. */
    @BeforeAll
    static void aPostgresqlIsNamed() {
        PostgresForTests.assumeNamed("PostgresVisitRepositoryContractTest", "the contract");
    }

    @Override
    protected VisitRepository freshRepository() {
        pool = PostgresForTests.freshPool();
        String url = PostgresForTests.URL;
        return new JdbcVisitRepository(new JdbcTemplate(pool), url, Duration.ofMillis(5), Duration.ofMillis(5),
                asyncExecutor, new ConnectionPool("test-pool", 2, Duration.ofSeconds(30), null),
                pool.getHikariPoolMXBean());
    }

    @AfterEach
    void stop() {
        if (pool != null) {
            pool.close();
        }
        asyncExecutor.close();
    }
}
