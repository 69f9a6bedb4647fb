package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.json.Json;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed IDE run configurations cannot rot: IntelliJ IDEA's {@code .run/*.run.xml} and VS Code's
 * {@code .vscode/launch.json} define the same configurations, each naming an existing module and main class, and
 * each one's arguments pass the program's own parser (the load generator's picocli; the server's strict settings,
 * by starting it).
 */
class RunConfigurationsTest {

    private static final List<String> EXPECTED = List.of("vtlab server (flags.properties)", "vtlab server, T on",
            "vtlab server, A on", "vtlab server, T, A, W and R on", "vtlab server, HTTP adapter",
            "vtlab server, HTTP adapter, T on", "vtlab server, JDBC adapter", "vtlab server, 512 MB",
            "vtlab server, T on, 512 MB", "vtlab server, Jetty, T on", "vtlab server, Jetty, Boot's switch",
            "vtlab server, Netty (event loop)", "vtlab server, Netty, T on",
            "visit store", "database (H2 over TCP)", "burst: sync, 2000",
            "burst: async, 2000", "burst: callable, 2000", "burst: sync, 10000", "matrix: quick profile",
            "matrix: seed profile", "other-service (not vtlab)", "other-service (not vtlab), Boot's switch");

    /** One run configuration, as either IDE stores it. */
    record RunConfiguration(String file, String name, String module, String mainClass, String args, String vmArgs) {
    }

    @Test
    void both_ides_have_the_same_configurations() throws Exception {
        assertThat(intellij()).extracting(RunConfiguration::name).containsExactlyInAnyOrderElementsOf(EXPECTED);
        assertThat(vscode()).extracting(RunConfiguration::name).containsExactlyInAnyOrderElementsOf(EXPECTED);
        for (RunConfiguration idea : intellij()) {
            RunConfiguration code = vscode().stream().filter(c -> c.name().equals(idea.name())).findFirst().orElseThrow();
            assertThat(List.of(code.module(), code.mainClass(), code.args(), code.vmArgs())).as(idea.name())
                    .isEqualTo(List.of(idea.module(), idea.mainClass(), idea.args(), idea.vmArgs()));
        }
    }

    @Test
    void every_configuration_names_a_real_module_and_main_class_and_valid_arguments() throws Exception {
        List<RunConfiguration> all = new ArrayList<>(intellij());
        all.addAll(vscode());
        for (RunConfiguration c : all) {
            String where = c.file() + " '" + c.name() + "'";
            CommandChecks.assertMainClass(CommandChecks.moduleFolder(c.module(), where), c.mainClass(), where);
            List<String> args = CommandChecks.words(c.args());
            switch (c.mainClass()) {
                case CommandChecks.LOADGEN_MAIN -> {
                    CommandChecks.assertLoadGeneratorAccepts(args, where);
                    CommandChecks.assertArgumentFilesExist(CommandChecks.words(c.vmArgs()), where);
                    assertThat(c.vmArgs()).as(where + ": a measuring client runs with its JVM options")
                            .contains("@client-loadgen/jvm.options");
                }
                case CommandChecks.DOWNSTREAM_MAIN -> CommandChecks.assertDownstreamAccepts(args, where);
                case CommandChecks.SERVER_MAIN -> CommandChecks.assertServerStarts(CommandChecks.words(c.vmArgs()),
                        args, where);
                case CommandChecks.OTHER_SERVICE_MAIN -> CommandChecks.assertOtherServiceStarts(args, where);
                default -> throw new AssertionError(where + ": unexpected main class " + c.mainClass());
            }
        }
    }

    static List<RunConfiguration> intellij() throws Exception {
        List<RunConfiguration> configurations = new ArrayList<>();
        try (Stream<Path> files = Files.list(CommandChecks.root().resolve(".run"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".run.xml")).sorted().toList()) {
                Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
                Element configuration = (Element) xml.getElementsByTagName("configuration").item(0);
                configurations.add(new RunConfiguration(".run/" + file.getFileName(),
                        configuration.getAttribute("name"),
                        ((Element) configuration.getElementsByTagName("module").item(0)).getAttribute("name"),
                        option(configuration, "MAIN_CLASS_NAME"), option(configuration, "PROGRAM_PARAMETERS"),
                        option(configuration, "VM_PARAMETERS")));
            }
        }
        return configurations;
    }

    private static String option(Element configuration, String name) {
        NodeList options = configuration.getElementsByTagName("option");
        for (int i = 0; i < options.getLength(); i++) {
            Element option = (Element) options.item(i);
            if (option.getAttribute("name").equals(name)) {
                return option.getAttribute("value");
            }
        }
        return "";
    }

    private static List<RunConfiguration> vscode() throws Exception {
        JsonNode launch = Json.MAPPER.readTree(CommandChecks.root().resolve(".vscode/launch.json").toFile());
        List<RunConfiguration> configurations = new ArrayList<>();
        for (JsonNode c : launch.path("configurations")) {
            configurations.add(new RunConfiguration(".vscode/launch.json", c.path("name").asString(),
                    c.path("projectName").asString(), c.path("mainClass").asString(), c.path("args").asString(""),
                    c.path("vmArgs").asString("")));
        }
        return configurations;
    }
}
