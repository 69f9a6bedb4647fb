package dev.vtlab.adapters.out.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.adapters.Downstreams;
import dev.vtlab.adapters.VisitRepositoryContract;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.downstream.database.VisitDatabase;
import org.junit.jupiter.api.AfterEach;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The use-case contract over the JDBC adapter, against H2 over TCP on loopback, through a HikariCP pool. */
class JdbcVisitRepositoryContractTest extends VisitRepositoryContract {

    private final VisitDatabase database = Downstreams.database(0);
    private final ExecutorService asyncExecutor = Executors.newVirtualThreadPerTaskExecutor();
    private HikariDataSource pool;

    @Override
    protected VisitRepository freshRepository() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.jdbcUrl());
        config.setMaximumPoolSize(2);
        pool = new HikariDataSource(config);
        return new JdbcVisitRepository(new JdbcTemplate(pool), database.jdbcUrl(), Duration.ofMillis(5),
                Duration.ofMillis(5), asyncExecutor, new ConnectionPool("test-pool", 2, Duration.ofSeconds(30), null),
                pool.getHikariPoolMXBean());
    }

    @AfterEach
    void stop() throws Exception {
        pool.close();
        asyncExecutor.close();
        database.close();
    }
}
