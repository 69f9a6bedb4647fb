package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The workshop's two paths are one: each step of docs/workshop.md that names an IDE configuration ({@code (IDE:
 * *name*)}) is followed by the command that does the same from a terminal, and the configuration runs exactly
 * that (the server's arguments and JVM options, the load generator's, the downstream's or other-service's
 * arguments). The requests of docs/workshop.http are the page's {@code curl} requests.
 */
class WorkshopStepsTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/workshop.md");
    private static final Pattern ITALIC = Pattern.compile("\\*([^*\\n]+)\\*");
    private static final String SERVER_JVM_DEFAULT = "-XX:+ExitOnOutOfMemoryError"; // the server profile's

    /** A step: the configurations it names, and the Maven commands of the bash block after it. */
    record Step(String where, List<String> configurations, List<String> commands) {
    }

    @Test
    void every_configuration_a_step_names_runs_what_its_command_runs() throws Exception {
        Map<String, RunConfigurationsTest.RunConfiguration> configurations = RunConfigurationsTest.intellij()
                .stream().collect(Collectors.toMap(RunConfigurationsTest.RunConfiguration::name,
                        Function.identity()));
        List<Step> steps = steps();
        assertThat(steps).as("steps of the workshop naming an IDE configuration").hasSizeGreaterThan(10);
        for (Step step : steps) {
            assertThat(step.commands()).as(step.where() + ": one command per configuration named")
                    .hasSameSizeAs(step.configurations());
            for (int i = 0; i < step.configurations().size(); i++) {
                String name = step.configurations().get(i);
                String where = step.where() + " (" + name + ")";
                assertThat(configurations).as(where + ": an IDE configuration of that name").containsKey(name);
                RunConfigurationsTest.RunConfiguration configuration = configurations.get(name);
                Map<String, String> properties = properties(CommandChecks.words(step.commands().get(i)));
                if (configuration.mainClass().equals(CommandChecks.SERVER_MAIN)) {
                    assertThat(configuration.args()).as(where)
                            .isEqualTo(properties.getOrDefault("vtlab.server.args", ""));
                    assertThat(configuration.vmArgs()).as(where)
                            .isEqualTo(properties.getOrDefault("vtlab.server.jvm", SERVER_JVM_DEFAULT));
                } else if (configuration.mainClass().equals(CommandChecks.OTHER_SERVICE_MAIN)) {
                    assertThat(configuration.args()).as(where)
                            .isEqualTo(properties.getOrDefault("vtlab.other-service.args", ""));
                } else {
                    assertThat(configuration.args()).as(where).isEqualTo(properties.get("vtlab.args"));
                }
            }
        }
    }

    @Test
    void the_ides_requests_are_the_pages_curl_requests() throws Exception {
        List<String> http = new ArrayList<>();
        for (String line : Files.readAllLines(CommandChecks.root().resolve("docs/workshop.http"))) {
            if (line.matches("(GET|POST) http://\\S+")) {
                http.add(line);
            }
        }
        List<String> curl = new ArrayList<>();
        for (String command : DocsCommandsTest.commands(PAGE)) {
            List<String> words = CommandChecks.words(command);
            if (words.getFirst().equals("curl")) {
                curl.add((words.contains("POST") ? "POST " : "GET ") + words.getLast());
            }
        }
        assertThat(http).as("docs/workshop.http").isNotEmpty().doesNotHaveDuplicates();
        assertThat(curl.stream().distinct().toList()).as("the page's curl requests, each once")
                .containsExactlyInAnyOrderElementsOf(http);
    }

    private static List<Step> steps() throws Exception {
        List<String> lines = Files.readAllLines(PAGE);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).contains("(IDE:")) {
                continue;
            }
            StringBuilder paragraph = new StringBuilder(lines.get(i).substring(lines.get(i).indexOf("(IDE:")));
            int j = i + 1;
            for (; j < lines.size() && !lines.get(j).isBlank(); j++) {
                paragraph.append('\n').append(lines.get(j));
            }
            List<String> names = new ArrayList<>();
            Matcher italic = ITALIC.matcher(paragraph);
            while (italic.find()) {
                names.add(italic.group(1));
            }
            if (names.isEmpty()) {
                continue; // a request file, a test, the version control view: no configuration
            }
            List<String> commands = new ArrayList<>();
            int k = j;
            while (k < lines.size() && !lines.get(k).equals("```bash")) {
                k++;
            }
            for (k++; k < lines.size() && !lines.get(k).startsWith("```"); k++) {
                if (lines.get(k).startsWith("./mvnw")) {
                    commands.add(lines.get(k));
                }
            }
            steps.add(new Step("docs/workshop.md:" + (i + 1), names, commands));
        }
        return steps;
    }

    /** The {@code -Dkey=value} properties of a Maven command. */
    private static Map<String, String> properties(List<String> words) {
        return words.stream().filter(w -> w.startsWith("-D") && w.contains("="))
                .collect(Collectors.toMap(w -> w.substring(2, w.indexOf('=')), w -> w.substring(w.indexOf('=') + 1)));
    }
}
