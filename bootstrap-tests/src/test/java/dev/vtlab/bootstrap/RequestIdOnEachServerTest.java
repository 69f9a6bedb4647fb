package dev.vtlab.bootstrap;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The request's id in every branch's log line, with the composition root's one fix, for each way of fanning out on
 * each web server: the web adapter puts the id in the request thread's logging context (Tomcat's and Jetty's
 * request thread, Netty's handler thread), and the fan-out the root built carries it to the thread each branch
 * runs on ({@code sequential}: that same thread; {@code futures}: W's virtual threads, through the wrapped
 * executor; {@code structured}: the root's virtual threads, through the wrapped thread factory). Each branch writes
 * its line on its own thread, in the server's pattern. Where the id is lost without the fix is
 * {@code RequestIdInBranchLogLinesTest}'s. Statuses, names and lines only.
 */
@ExtendWith(OutputCaptureExtension.class)
class RequestIdOnEachServerTest {

    private static final List<String> BRANCHES = List.of("visit-count", "last-visit", "recommendation");

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"tomcat, sequential", "tomcat, futures", "tomcat, structured", "jetty, sequential", "jetty, futures",
            "jetty, structured", "netty, sequential", "netty, futures", "netty, structured"})
    void every_branchs_line_carries_the_request_id(String webServer, String way, CapturedOutput output) {
        String whyNot = StructuredFanOutTest.whyItCannotRunHere();
        assumeTrue(!way.equals("structured") || whyNot == null, whyNot);
        String requestId = "req-" + webServer + "-" + way;
        try (RunningServer server = RunningServer.startWith("--vtlab.web-server=" + webServer,
                "--vtlab.fan-out=" + way, "--vtlab.virtual-threads.wrapper=true",
                "--vtlab.fan-out.visit-count-delay=1ms", "--vtlab.fan-out.last-visit-delay=1ms",
                "--vtlab.fan-out.recommendation-delay=1ms")) {

            HttpResponse<String> card = server.send(HttpRequest.newBuilder(server.base().resolve("/fanout?name=Ada"))
                    .header("X-Request-Id", requestId).GET());

            assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
            assertThat(JsonPath.<List<String>>read(card.body(), "$.branches[*].branch"))
                    .containsExactlyElementsOf(BRANCHES);
            assertThat(JsonPath.<List<String>>read(card.body(), "$.branches[*].requestId")).containsOnly(requestId);
            List<String> threads = JsonPath.read(card.body(), "$.branches[*].thread");
            switch (way) {
                case "sequential" -> assertThat(threads).as("the request's own thread").containsOnly(threads.getFirst())
                        .noneMatch(thread -> thread.startsWith("vt-wrapper-") || thread.startsWith("vt-fanout-"));
                case "futures" -> assertThat(threads).doesNotHaveDuplicates().allMatch(t -> t.startsWith("vt-wrapper-"));
                default -> assertThat(threads).doesNotHaveDuplicates().allMatch(t -> t.startsWith("vt-fanout-"));
            }
            for (String branch : BRANCHES) {
                assertThat(output.getOut()).containsPattern("\\[" + requestId + "\\] \\S*BranchRecorder +: read "
                        + branch + " answered");
            }
        }
    }
}
