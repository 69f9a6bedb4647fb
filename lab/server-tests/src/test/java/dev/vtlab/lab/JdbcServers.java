package dev.vtlab.lab;

import com.zaxxer.hikari.HikariDataSource;
import dev.vtlab.bootstrap.RunningServer;

import java.time.Duration;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Test helper: a server on the JDBC repository of a given database, and a wait on its pool with a deadline. */
final class JdbcServers {

    static final Duration DEADLINE = Duration.ofSeconds(30);

    private JdbcServers() {
    }

    /** A server whose repository (and {@code /fanout}'s reads) query {@code jdbcUrl}, with {@code settings}. */
    static RunningServer start(String jdbcUrl, String... settings) {
        String[] args = new String[settings.length + 2];
        args[0] = "--vtlab.repository.kind=jdbc";
        args[1] = "--vtlab.repository.url=" + jdbcUrl;
        System.arraycopy(settings, 0, args, 2, settings.length);
        return RunningServer.startWith(args);
    }

    /** {@code settings} and one more. */
    static String[] with(String[] settings, String more) {
        String[] all = Arrays.copyOf(settings, settings.length + 1);
        all[settings.length] = more;
        return all;
    }

    /** Returns once the server's pool has {@code active} connections out at once; past the deadline the test fails. */
    static void awaitActiveConnections(RunningServer server, int active) throws InterruptedException {
        HikariDataSource pool = server.bean(HikariDataSource.class);
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (pool.getHikariPoolMXBean().getActiveConnections() < active) {
            assertThat(System.nanoTime()).as("%d connections out at once within %s", active, DEADLINE)
                    .isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
