package dev.vtlab.bootstrap;

import dev.vtlab.adapters.out.jdbc.Bulkhead;
import dev.vtlab.adapters.out.jdbc.ConnectionPool;
import dev.vtlab.settings.VtlabSettings;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Wiring of the JDBC adapter's pool and bulkhead, made only when {@code vtlab.repository.kind=jdbc} asks for them
 * (lazy). Which adapter serves the port, and on which threads, is chosen in {@link CompositionRoot}.
 */
@Configuration(proxyBeanMethods = false)
class PersistenceConfiguration {

    /** The JDBC adapter's pool, as its logs and failures name it. */
    static final String POOL_NAME = "vtlab-db-pool";
    /** The bulkhead in front of it, as its meters name it. */
    static final String BULKHEAD_NAME = "vtlab-db-bulkhead";

    /**
     * HikariCP, sized by the settings (its own defaults: 10 connections, 30 s to wait for one). It starts without
     * the database ({@code initializationFailTimeout -1}): until the database answers, calls fail with a 502
     * naming it, and the server recovers by itself when it is back. Closed with the context. Metered by HikariCP's
     * own Micrometer tracker ({@code hikaricp_connections_*{pool="vtlab-db-pool"}}), as Spring Boot's JDBC module
     * would do for a pool it made: this one is made here.
     */
    @Bean(destroyMethod = "close")
    @Lazy
    HikariDataSource visitDatabasePool(VtlabSettings settings, MeterRegistry meters) {
        VtlabSettings.Jdbc jdbc = settings.repository().jdbc();
        HikariConfig config = new HikariConfig();
        config.setPoolName(POOL_NAME);
        config.setJdbcUrl(jdbc.url());
        config.setPassword(jdbc.password()); // null: none, or in the URL
        config.setMaximumPoolSize(jdbc.poolSize());
        config.setConnectionTimeout(jdbc.poolTimeout().toMillis());
        config.setInitializationFailTimeout(-1);
        config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(meters));
        return new HikariDataSource(config);
    }

    /**
     * Spring's JDBC template over the pool; with {@code vtlab.repository.max-concurrent}, behind a bulkhead that
     * refuses at once what the pool could not serve soon, metered where it is made: {@code bulkhead_calls_active}
     * and {@code bulkhead_calls_max} (in use and size), {@code bulkhead_calls_rejected_total} (what it refused),
     * tagged {@code name="vtlab-db-bulkhead"}.
     */
    @Bean
    @Lazy
    JdbcOperations visitDatabase(HikariDataSource visitDatabasePool, VtlabSettings settings, MeterRegistry meters) {
        JdbcOperations template = new JdbcTemplate(visitDatabasePool);
        Integer limit = settings.repository().jdbc().maxConcurrent();
        if (limit == null) {
            return template;
        }
        Bulkhead bulkhead = Bulkhead.of(limit);
        Gauge.builder("bulkhead.calls.active", bulkhead, Bulkhead::inside).tag("name", BULKHEAD_NAME)
                .description("Database calls inside the bulkhead").register(meters);
        Gauge.builder("bulkhead.calls.max", bulkhead, Bulkhead::limit).tag("name", BULKHEAD_NAME)
                .description("Database calls the bulkhead lets through at once").register(meters);
        FunctionCounter.builder("bulkhead.calls.rejected", bulkhead, Bulkhead::refused).tag("name", BULKHEAD_NAME)
                .description("Database calls the bulkhead refused").register(meters);
        return bulkhead.around(template);
    }

    /** The pool as the JDBC adapter names it in its failures. */
    static ConnectionPool connectionPool(VtlabSettings.Jdbc jdbc) {
        return new ConnectionPool(POOL_NAME, jdbc.poolSize(), jdbc.poolTimeout(), jdbc.maxConcurrent());
    }
}
