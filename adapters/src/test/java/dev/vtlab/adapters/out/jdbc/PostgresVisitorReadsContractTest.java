package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.adapters.VisitorReadsContract;
import dev.vtlab.downstream.database.VisitDatabase;
import dev.vtlab.redaction.Secrets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The card's reads over the JDBC adapter on a real PostgreSQL ({@code pg_sleep} in the database), when
 * {@code POSTGRES_TEST_URL} names one, as {@link PostgresVisitRepositoryContractTest} does (same variables, same
 * database of its own: each test starts from an empty {@code visit} table). Skipped, with the reason, otherwise.
 */
class PostgresVisitorReadsContractTest extends VisitorReadsContract {

    private static final String URL = System.getenv(PostgresVisitRepositoryContractTest.URL_VARIABLE);
    private static final String PASSWORD = System.getenv(Secrets.DATABASE_PASSWORD_VARIABLE);
    private final ExecutorService asyncExecutor = Executors.newVirtualThreadPerTaskExecutor();
    private HikariDataSource pool;

    /** Skipped as a whole when no PostgreSQL is named, saying why once on the build's console. */
    @BeforeAll
    static void aPostgresqlIsNamed() {
        if (URL == null || URL.isBlank()) {
            String why = "PostgresVisitorReadsContractTest skipped: set "
                    + PostgresVisitRepositoryContractTest.URL_VARIABLE + " to a jdbc:postgresql:// URL with its user "
                    + "(and its password in " + Secrets.DATABASE_PASSWORD_VARIABLE + ") to run the card's reads on "
                    + "PostgreSQL (docs/pools.md; .ci/run starts one)";
            System.out.println(why);
            assumeTrue(false, why);
        }
    }

    @Override
    protected Kind freshKind() {
        String url = URL;
        try (VisitDatabase prepared = VisitDatabase.attach(url, PASSWORD, 0)) {
            // the schema and its readings exist now; start each test from an empty visit table
        } catch (Exception e) {
            throw new IllegalStateException("cannot prepare the PostgreSQL at " + Secrets.redact(url), e);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setPassword(PASSWORD);
        config.setMaximumPoolSize(2);
        pool = new HikariDataSource(config);
        new JdbcTemplate(pool).update("DELETE FROM visit");
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
