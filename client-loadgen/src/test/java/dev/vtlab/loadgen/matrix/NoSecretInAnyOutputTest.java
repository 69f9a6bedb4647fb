package dev.vtlab.loadgen.matrix;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.cli.CommandLineTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A made-up secret goes in where a user would put a real one (a database URL, a server URL); then every file the
 * runs wrote, the processes' logs, the answers and the console are read back: the secret is nowhere.
 */
class NoSecretInAnyOutputTest {

    private static final String SECRET = "made-up-s3cret";

    private final HttpClient client = HttpClient.newHttpClient();

    /**
     * The matrix with a PostgreSQL URL that carries user and password. Nothing listens on its port, so the
     * database cannot be prepared: the failure path, where messages quote what they were given, is the one to read.
     */
    @Test
    void a_matrix_writes_no_password_given_in_the_database_url(@TempDir Path out) throws Exception {
        CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("matrix", "--modes", "sync",
                "--flags", "T", "--requests", "5", "--delay", "10ms", "--warmup", "0", "--repeat", "1",
                "--repository", "jdbc", "--database-url",
                "jdbc:postgresql://127.0.0.1:1/vtlab?user=vtlab&password=" + SECRET,
                "--server-jar", ServerJar.path().toString(), "--downstream-jar", ServerJar.downstreamPath().toString(),
                "--out", out.toString());

        assertThat(outcome.out() + outcome.err()).contains("servers that did not start").doesNotContain(SECRET);
        assertThat(filesUnder(out)).as("the matrix wrote its results and the processes' logs")
                .anyMatch(f -> f.endsWith("results.json")).anyMatch(f -> f.toString().endsWith(".log"));
        assertThat(Files.readString(out.resolve("results.json")))
                .contains("jdbc:postgresql://127.0.0.1:1/vtlab?user=***&password=***");
        assertNoSecretIn(out);
    }

    /**
     * A server whose JDBC URL sets a wrong password (its database has none), and {@code run} at a server URL with
     * user info: the server refuses every visit with a problem detail naming the database, and neither that answer,
     * the server's log, the run's files nor its console show either secret.
     */
    @Test
    void a_server_and_a_run_write_no_password_of_the_database_or_the_server_url(@TempDir Path dir) throws Exception {
        ChildProcesses children = new ChildProcesses();
        try (ServerProcess database = ServerProcess.start(ServerJar.java(), List.of(), ServerJar.downstreamPath(),
                List.of("database", "--port", "0", "--stats-port", "0"), "/stats", dir.resolve("database.log"),
                client, Duration.ofSeconds(60), children);
             ServerProcess server = ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                     List.of("--vtlab.repository.kind=jdbc", "--vtlab.repository.url=jdbc:h2:tcp://127.0.0.1:"
                             + database.port(ListeningPorts.DATABASE) + "/mem:vtlab;USER=sa;PASSWORD=" + SECRET,
                             "--vtlab.repository.pool-timeout=1s"),
                     dir.resolve("server.log"), client, Duration.ofSeconds(90), children)) {
            HttpResponse<String> problem = client.send(HttpRequest.newBuilder(server.base().resolve("/sync"))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(problem.statusCode()).isEqualTo(502);
            assertThat(problem.body()).contains("mem:vtlab").doesNotContain(SECRET);
            // The meters name the pool, never its database: no URL, so no credential, in any tag.
            for (String meters : List.of("/actuator/prometheus", "/actuator/metrics/hikaricp.connections")) {
                HttpResponse<String> answer = client.send(HttpRequest.newBuilder(server.uri(ListeningPorts.MANAGEMENT)
                        .resolve(meters)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).as(meters).isEqualTo(200);
                assertThat(answer.body()).as(meters).contains("vtlab-db-pool").doesNotContain(SECRET)
                        .doesNotContain("mem:vtlab");
            }

            URI withUserInfo = URI.create("http://ada:" + SECRET + "@127.0.0.1:" + server.base().getPort());
            CommandLineTestSupport.Outcome outcome = CommandLineTestSupport.execute("run", "--url",
                    withUserInfo.toString(), "--requests", "3", "--warmup", "0", "--json",
                    dir.resolve("run.json").toString(), "--csv", dir.resolve("run.csv").toString());
            assertThat(outcome.out()).as(outcome.err()).contains("http://***@127.0.0.1", "HTTP 502 UNREACHABLE=3");
            assertThat(outcome.out() + outcome.err()).doesNotContain(SECRET);
        }
        assertThat(filesUnder(dir)).anyMatch(f -> f.endsWith("run.json")).anyMatch(f -> f.endsWith("server.log"));
        assertNoSecretIn(dir);
    }

    private static List<Path> filesUnder(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    private static void assertNoSecretIn(Path dir) throws Exception {
        for (Path file : filesUnder(dir)) {
            assertThat(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1))
                    .as(file.toString()).doesNotContain(SECRET);
        }
    }
}
