package dev.vtlab.bootstrap.webserver;

import dev.vtlab.bootstrap.RunningServer;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reaching the in-flight bound is logged once per episode on every server ({@link ConnectionBoundLog}): 60 requests
 * at once, each held 400 ms, against a bound of 10, are one episode (six waves, the slots taken again as soon as they
 * free), and the log says so in two lines: one when the bound is reached, one when it is over, with how many waited.
 * Jetty's own limit, which logged "reached" and "cleared" each time a slot was taken again, says nothing, and no
 * stack trace is printed (Reactor Netty's own {@code maxConnections} printed one a refused connection).
 */
@ExtendWith(OutputCaptureExtension.class)
class ConnectionBoundLogTest {

    private static final int BOUND = 10;
    private static final int REQUESTS = 60;
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Pattern REACHED = Pattern.compile("holds " + BOUND + " connections, its bound \\(");
    private static final Pattern CLEARED = Pattern.compile("is below its bound of " + BOUND
            + " connections again after [0-9.]+ s: (\\d+) connections waited for a slot, (\\d+) were refused");

    @ParameterizedTest
    @ValueSource(strings = {"tomcat", "jetty", "netty"})
    void a_burst_past_the_bound_is_logged_once_not_once_a_connection(String webServer, CapturedOutput output)
            throws Exception {
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=" + webServer,
                "--vtlab.virtual-threads.tomcat=true", "--server." + webServer + ".max-connections=" + BOUND,
                "--vtlab.repository.count-delay=200ms", "--vtlab.repository.save-delay=200ms");
             HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                     .connectTimeout(DEADLINE).build()) {
            int before = output.getOut().length();
            List<CompletableFuture<HttpResponse<String>>> requests = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                requests.add(client.sendAsync(HttpRequest.newBuilder(server.base().resolve("/sync?name=b" + i))
                        .timeout(DEADLINE).build(), HttpResponse.BodyHandlers.ofString()));
            }
            long served = 0;
            for (CompletableFuture<HttpResponse<String>> request : requests) {
                try {
                    served += request.get(DEADLINE.toSeconds(), TimeUnit.SECONDS).statusCode() == 200 ? 1 : 0;
                } catch (ExecutionException refused) {
                    // counted below: Jetty closes a connection accepted past its bound unserved
                }
            }
            String log = awaitEpisodesOver(output, before);

            long reached = REACHED.matcher(log).results().count();
            List<MatchResult> cleared = CLEARED.matcher(log).results().toList();
            long waited = cleared.stream().mapToLong(line -> Long.parseLong(line.group(1))).sum();
            long refused = cleared.stream().mapToLong(line -> Long.parseLong(line.group(2))).sum();

            // One episode (a second only if a wave of the burst came more than a second after the one before).
            assertThat(reached).as("episodes reached, in:%n%s", log).isBetween(1L, 2L);
            assertThat(cleared).as("one line at the end of each episode, in:%n%s", log).hasSize((int) reached);
            assertThat(waited).as("connections that waited for a slot").isBetween(1L, (long) REQUESTS - BOUND);
            assertThat(served).as("requests served (%d refused)", refused).isGreaterThanOrEqualTo(REQUESTS - refused);
            assertThat(log).as("Jetty's own limit and stack traces stay out of the log")
                    .doesNotContain("NetworkConnectionLimit")
                    .doesNotContain("max connections limit reached")
                    .doesNotContain("\tat ");
        }
    }

    /** The log since {@code from}, once every episode it reached is over (or the deadline has passed). */
    private static String awaitEpisodesOver(CapturedOutput output, int from) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            String log = output.getOut().substring(from);
            long reached = REACHED.matcher(log).results().count();
            if (reached > 0 && CLEARED.matcher(log).results().count() == reached || System.nanoTime() > deadline) {
                return log;
            }
            Thread.sleep(100);
        }
    }
}
