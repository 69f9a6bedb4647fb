package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.adapters.VisitRepositoryContract;
import dev.vtlab.application.port.out.VisitRepository;
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
 * The use-case contract over the JDBC adapter on a real PostgreSQL ({@code pg_sleep} in the database), when
 * {@code POSTGRES_TEST_URL} names one, e.g. {@code jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab},
 * with its password in {@code VTLAB_REPOSITORY_PASSWORD} as the server reads it (docs/pools.md says how to get one). Skipped, with the reason, otherwise. Each test starts from an empty
 * {@code visit} table, so point it at a database of its own. (The variable's name does not start with
 * {@code VTLAB_}: the server refuses every {@code VTLAB_} variable it does not know, so a whole build with one set
 * would fail its server tests; {@code .ci/run} sets this one.)
 */
class PostgresVisitRepositoryContractTest extends VisitRepositoryContract {

    static final String URL_VARIABLE = "POSTGRES_TEST_URL";

    private static final String URL = System.getenv(URL_VARIABLE);
    private static final String PASSWORD = System.getenv(Secrets.DATABASE_PASSWORD_VARIABLE);
    private final ExecutorService asyncExecutor = Executors.newVirtualThreadPerTaskExecutor();
    private HikariDataSource pool;

    /** Skipped as a whole when no PostgreSQL is named, saying why once on the build's console. */
    @BeforeAll
    static void aPostgresqlIsNamed() {
        if (URL == null || URL.isBlank()) {
            String why = "PostgresVisitRepositoryContractTest skipped: set " + URL_VARIABLE + " to a jdbc:postgresql:// "
                    + "URL with its user (and its password in " + Secrets.DATABASE_PASSWORD_VARIABLE + ") to run the "
                    + "contract on PostgreSQL (docs/pools.md; .ci/run starts one)";
            System.out.println(why);
            assumeTrue(false, why);
        }
    }

    @Override
    protected VisitRepository freshRepository() {
        String url = URL;
        try (VisitDatabase prepared = VisitDatabase.attach(url, PASSWORD, 0)) {
            // the schema exists now; start each test from an empty table
        } catch (Exception e) {
            throw new IllegalStateException("cannot prepare the PostgreSQL at " + Secrets.redact(url), e);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setPassword(PASSWORD);
        config.setMaximumPoolSize(2);
        pool = new HikariDataSource(config);
        new JdbcTemplate(pool).update("DELETE FROM visit");
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
