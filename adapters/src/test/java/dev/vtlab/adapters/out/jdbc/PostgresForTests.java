package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.downstream.database.VisitDatabase;
import dev.vtlab.redaction.Secrets;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Test helper: the PostgreSQL the contract tests run on when {@code POSTGRES_TEST_URL} names one (its password in
 * {@code VTLAB_REPOSITORY_PASSWORD}, as the server reads it; {@code .ci/run} starts one). The variable's name does
 * not start with {@code VTLAB_}: the server refuses every {@code VTLAB_} variable it does not know, so a whole build
 * with one set would fail its server tests.
 */
final class PostgresForTests {

    static final String URL_VARIABLE = "POSTGRES_TEST_URL";
    static final String URL = System.getenv(URL_VARIABLE);
    static final String PASSWORD = System.getenv(Secrets.DATABASE_PASSWORD_VARIABLE);

    private PostgresForTests() {
    }

    /** Skips the calling test class, saying why once on the build's console, when no PostgreSQL is named. */
    static void assumeNamed(String test, String toRun) {
        if (URL == null || URL.isBlank()) {
            String why = test + " skipped: set " + URL_VARIABLE + " to a jdbc:postgresql:// URL with its user (and "
                    + "its password in " + Secrets.DATABASE_PASSWORD_VARIABLE + ") to run " + toRun
                    + " on PostgreSQL (docs/pools.md; .ci/run starts one)";
            System.out.println(why);
            assumeTrue(false, why);
        }
    }

    /** A pool of 2 on the named database, its schema made and its visit table emptied: each test starts afresh. */
    static HikariDataSource freshPool() {
        try (VisitDatabase prepared = VisitDatabase.attach(URL, PASSWORD, 0)) {
            // the schema exists now (the card's readings too)
        } catch (Exception e) {
            throw new IllegalStateException("cannot prepare the PostgreSQL at " + Secrets.redact(URL), e);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(URL);
        config.setPassword(PASSWORD);
        config.setMaximumPoolSize(2);
        HikariDataSource pool = new HikariDataSource(config);
        new JdbcTemplate(pool).update("DELETE FROM visit");
        return pool;
    }
}
