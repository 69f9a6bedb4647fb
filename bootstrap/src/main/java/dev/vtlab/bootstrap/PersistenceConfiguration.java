package dev.vtlab.bootstrap;

import dev.vtlab.adapters.out.jdbc.Bulkhead;
import dev.vtlab.adapters.out.jdbc.ConnectionPool;
import dev.vtlab.settings.VtlabSettings;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
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
     * refuses at once what the pool could not serve soon.
     */
    @Bean
    @Lazy
    JdbcOperations visitDatabase(HikariDataSource visitDatabasePool, VtlabSettings settings) {
        JdbcOperations template = new JdbcTemplate(visitDatabasePool);
        Integer limit = settings.repository().jdbc().maxConcurrent();
        return limit == null ? template : Bulkhead.around(template, limit);
    }

    /** The pool as the JDBC adapter names it in its failures. */
    static ConnectionPool connectionPool(VtlabSettings.Jdbc jdbc) {
        return new ConnectionPool(POOL_NAME, jdbc.poolSize(), jdbc.poolTimeout(), jdbc.maxConcurrent());
    }
}
