package dev.vtlab.lab;

import com.jayway.jsonpath.JsonPath;
import dev.vtlab.adapters.Downstreams;
import dev.vtlab.bootstrap.RunningServer;
import dev.vtlab.downstream.database.VisitDatabase;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /fanout} on a real database through the server's one HikariCP pool: the card's three reads are three
 * queries, so a fan-out holds three connections at once where the one-after-the-other way holds one, and a pool
 * smaller than the fan-out answers the pool's 503 naming the branch that found no connection, as a bulkhead smaller
 * than the fan-out answers its own. Counts and statuses only; every wait has a deadline.
 */
class JdbcFanOutTest {

    @Test
    void futures_hold_a_connection_for_each_branch_at_once() throws Exception {
        try (VisitDatabase database = Downstreams.database(0);
             RunningServer server = JdbcServers.start(database.jdbcUrl(), "--vtlab.repository.pool-size=3",
                     "--vtlab.fan-out=futures", "--vtlab.virtual-threads.wrapper=true",
                     "--vtlab.fan-out.visit-count-delay=2s",
                     "--vtlab.fan-out.last-visit-delay=2s", "--vtlab.fan-out.recommendation-delay=2s")) {
            CompletableFuture<HttpResponse<String>> card = CompletableFuture.supplyAsync(
                    () -> server.get("/fanout?name=Ada"), runnable -> Thread.ofVirtual().start(runnable));

            JdbcServers.awaitActiveConnections(server, 3);

            assertThat(card).succeedsWithin(JdbcServers.DEADLINE).satisfies(response -> {
                assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
                assertThat(JsonPath.<List<String>>read(response.body(), "$.branches[*].branch"))
                        .containsExactly("visit-count", "last-visit", "recommendation");
            });
        }
    }

    @Test
    void a_pool_of_one_serves_the_reads_in_turn_but_not_at_once() throws Exception {
        String[] poolOfOne = {"--vtlab.repository.pool-size=1", "--vtlab.repository.pool-timeout=250ms",
                "--vtlab.virtual-threads.wrapper=true", "--vtlab.fan-out.visit-count-delay=1s",
                "--vtlab.fan-out.last-visit-delay=1s", "--vtlab.fan-out.recommendation-delay=1s"};
        HttpResponse<String> refused = servedInTurnButRefusedAtOnce(poolOfOne, "Database pool exhausted");

        assertThat(JsonPath.<String>read(refused.body(), "$.pool")).isEqualTo("vtlab-db-pool");
        assertThat(JsonPath.<Integer>read(refused.body(), "$.poolSize")).isEqualTo(1);
    }

    /**
     * The limit per downstream counts calls, not requests: a bulkhead of 2 lets one card's reads through in turn,
     * but a card that reads three at once finds it full and answers at once the bulkhead's 503 naming a branch.
     */
    @Test
    void a_bulkhead_counts_the_fan_outs_calls_not_its_requests() throws Exception {
        String[] bulkheadOfTwo = {"--vtlab.repository.max-concurrent=2", "--vtlab.virtual-threads.wrapper=true",
                "--vtlab.fan-out.visit-count-delay=1s", "--vtlab.fan-out.last-visit-delay=1s",
                "--vtlab.fan-out.recommendation-delay=1s"};
        servedInTurnButRefusedAtOnce(bulkheadOfTwo, "Database bulkhead full");
    }

    /**
     * A server with {@code settings} serves a card whose reads run one after the other ({@code sequential}); another,
     * whose reads run at once ({@code futures}), answers a 503 problem detail titled {@code title}, naming one of the
     * card's branches, which this returns.
     */
    private static HttpResponse<String> servedInTurnButRefusedAtOnce(String[] settings, String title)
            throws Exception {
        try (VisitDatabase database = Downstreams.database(0)) {
            try (RunningServer sequential = JdbcServers.start(database.jdbcUrl(),
                    JdbcServers.with(settings, "--vtlab.fan-out=sequential"))) {
                HttpResponse<String> card = sequential.get("/fanout?name=Ada");
                assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
            }
            try (RunningServer futures = JdbcServers.start(database.jdbcUrl(),
                    JdbcServers.with(settings, "--vtlab.fan-out=futures"))) {
                HttpResponse<String> refused = futures.get("/fanout?name=Ada");
                assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
                assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
                assertThat(JsonPath.<String>read(refused.body(), "$.title")).isEqualTo(title);
                assertThat(JsonPath.<String>read(refused.body(), "$.branch"))
                        .isIn("visit-count", "last-visit", "recommendation");
                return refused;
            }
        }
    }
}
