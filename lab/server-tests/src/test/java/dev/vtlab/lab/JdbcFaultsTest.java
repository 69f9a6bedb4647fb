package dev.vtlab.lab;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import dev.vtlab.downstream.database.VisitDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The database as the pool sees it: a pool with no free connection in time, a bulkhead that refuses, a database
 * that is down or killed and restarted. Each gets a problem detail naming the database and the pool, nothing is
 * counted as saved, and the server recovers without a restart. Waits have deadlines; nothing is timed.
 */
class JdbcFaultsTest {

    private static final Duration DEADLINE = JdbcServers.DEADLINE;

    /** On every web server; on Netty with T on, so that the request holding the connection holds no event loop. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"tomcat, /sync", "tomcat, /async", "jetty, /sync", "netty, /sync", "netty, /async"})
    void a_pool_with_no_free_connection_in_time_answers_503_naming_the_pool(String webServer, String path)
            throws Exception {
        try (VisitDatabase database = Downstreams.database(0);
             RunningServer server = JdbcServers.start(database.jdbcUrl(), "--vtlab.repository.pool-size=1",
                     "--vtlab.repository.pool-timeout=250ms", "--vtlab.repository.count-delay=2s",
                     "--vtlab.web-server=" + webServer,
                     "--vtlab.virtual-threads.tomcat=" + webServer.equals("netty"))) {
            CompletableFuture<HttpResponse<String>> holder = holdOneConnection(server, 1);

            HttpResponse<String> refused = server.get(path + "?name=Grace");

            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("3");
            assertThat(refused.body()).contains("\"title\":\"Database pool exhausted\"", "\"failure\":\"POOL_EXHAUSTED\"",
                    "\"pool\":\"vtlab-db-pool\"", "\"poolSize\":1",
                    "no free connection in pool vtlab-db-pool (1 connections) within 250 ms",
                    "\"downstream\":\"" + database.jdbcUrl().substring(0, database.jdbcUrl().indexOf(';')) + "\"")
                    .doesNotContain("PASSWORD");
            assertThat(holder).succeedsWithin(DEADLINE).extracting(HttpResponse::statusCode).isEqualTo(200);
            assertThat(database.countVisits()).isEqualTo(1);
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isEqualTo(1);
        }
    }

    @Test
    void the_bulkhead_refuses_at_once_what_exceeds_it() throws Exception {
        try (VisitDatabase database = Downstreams.database(0);
             RunningServer server = JdbcServers.start(database.jdbcUrl(), "--vtlab.repository.pool-size=5",
                     "--vtlab.repository.max-concurrent=1", "--vtlab.repository.count-delay=2s")) {
            CompletableFuture<HttpResponse<String>> holder = holdOneConnection(server, 1);

            HttpResponse<String> refused = server.get("/sync?name=Grace");

            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.body()).contains("\"title\":\"Database bulkhead full\"", "\"failure\":\"BULKHEAD_FULL\"",
                    "\"maxConcurrent\":1", "more than 1 database calls at once (vtlab.repository.max-concurrent)");
            assertThat(holder).succeedsWithin(DEADLINE).extracting(HttpResponse::statusCode).isEqualTo(200);
            assertThat(database.countVisits()).isEqualTo(1);
        }
    }

    @Test
    void a_database_down_at_start_up_is_a_problem_detail_and_the_server_recovers_when_it_is_up() throws Exception {
        int port = Downstreams.portNoOneIsGiven();
        String url = "jdbc:h2:tcp://127.0.0.1:" + port + "/mem:vtlab;USER=sa;PASSWORD=";
        try (RunningServer server = RunningServer.startWith("--vtlab.repository.kind=jdbc",
                "--vtlab.repository.url=" + url, "--vtlab.repository.pool-timeout=1s")) {
            HttpResponse<String> down = server.get("/sync?name=Ada");
            assertDatabaseProblem(down);
            assertThat(down.body()).contains("\"failure\":\"UNREACHABLE\"", "the pool holds no open connection");
            assertThat(server.get("/lab/environment").statusCode()).isEqualTo(200);
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isZero();

            try (VisitDatabase up = Downstreams.database(port)) {
                assertThat(firstSuccess(server)).isEqualTo(200);
                assertThat(up.countVisits()).isEqualTo(1);
            }
        }
    }

    @Test
    void a_database_killed_and_restarted_is_a_problem_detail_then_served_again_without_a_restart() throws Exception {
        int port = Downstreams.portNoOneIsGiven();
        Downstreams.DatabaseProcess database = Downstreams.databaseProcess(port);
        try (RunningServer server = JdbcServers.start(database.jdbcUrl(), "--vtlab.repository.pool-timeout=1s")) {
            assertThat(server.get("/sync?name=Ada").statusCode()).isEqualTo(200);

            database.kill();
            assertDatabaseProblem(server.get("/sync?name=Grace"));
            assertThat(server.get("/lab/environment").statusCode()).isEqualTo(200);
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isEqualTo(1);

            database = Downstreams.databaseProcess(port);
            assertThat(firstSuccess(server)).isEqualTo(200);
            assertThat(server.bean(VisitCountSource.class).visitsSaved()).isEqualTo(2);
        } finally {
            database.close();
        }
    }

    /** Sends one request in the background and returns once it holds a connection (the pool says so). */
    private static CompletableFuture<HttpResponse<String>> holdOneConnection(RunningServer server, int active)
            throws InterruptedException {
        CompletableFuture<HttpResponse<String>> holder = CompletableFuture.supplyAsync(
                () -> server.get("/sync?name=Ada"), runnable -> Thread.ofVirtual().start(runnable));
        JdbcServers.awaitActiveConnections(server, active);
        return holder;
    }

    /** 502 or 503 problem details naming the database until the first 200, within the deadline. */
    private static int firstSuccess(RunningServer server) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            HttpResponse<String> response = server.get("/sync?name=Ada");
            if (response.statusCode() == 200) {
                return 200;
            }
            assertDatabaseProblem(response);
            assertThat(System.nanoTime()).as("served again within %s", DEADLINE).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static void assertDatabaseProblem(HttpResponse<String> response) {
        assertThat(response.statusCode()).isIn(502, 503);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"downstream\":\"jdbc:h2:tcp://127.0.0.1:", "\"pool\":\"vtlab-db-pool\"",
                "The visit is not counted as saved");
    }
}
