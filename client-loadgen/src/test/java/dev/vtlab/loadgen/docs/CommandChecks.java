package dev.vtlab.loadgen.docs;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.LoadGenerator;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerJar;
import dev.vtlab.loadgen.matrix.ServerProcess;
import picocli.CommandLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Test support: checks that a command a reader copies from the docs, or an IDE run configuration, would work:
 * load-generator arguments pass its own parser, server arguments start a real server, named files exist.
 */
final class CommandChecks {

    static final String SERVER_MAIN = "dev.vtlab.bootstrap.VtlabServer";
    static final String LOADGEN_MAIN = "dev.vtlab.loadgen.LoadGenerator";
    static final String DOWNSTREAM_MAIN = "dev.vtlab.downstream.Downstream";
    static final String OTHER_SERVICE_MAIN = "dev.vtlab.otherservice.OrdersService";
    private static final Duration READY = Duration.ofSeconds(60);
    /** Argument lists already seen starting a server in this JVM: each is started once. */
    private static final Set<List<String>> STARTED = ConcurrentHashMap.newKeySet();

    private CommandChecks() {
    }

    /** The repository root: the folder with flags.properties above the module the tests run in. */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("flags.properties")) && Files.isDirectory(dir.resolve("adapters"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }

    /** Splits a command line as a POSIX shell would for words, single and double quotes (no variables). */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        assertThat(quote).as("unbalanced quote in: %s", line).isEqualTo((char) 0);
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    static void assertLoadGeneratorAccepts(List<String> args, String where) {
        try {
            LoadGenerator.commandLine().parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            fail("%s: vtlab-loadgen %s is refused by its own parser: %s", where, String.join(" ", args),
                    e.getMessage());
        }
        assertThat(args).as(where).isNotEmpty();
    }

    static void assertDownstreamAccepts(List<String> args, String where) {
        try {
            dev.vtlab.downstream.Downstream.commandLine().parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            fail("%s: vtlab-downstream %s is refused by its own parser: %s", where, String.join(" ", args),
                    e.getMessage());
        }
        assertThat(args).as(where).isNotEmpty();
    }

    /** Every {@code @file} among the JVM options (a java argument file) exists, relative to the repository root. */
    static void assertArgumentFilesExist(List<String> jvmOptions, String where) {
        jvmOptions.stream().filter(o -> o.startsWith("@")).forEach(o ->
                assertThat(root().resolve(o.substring(1))).as(where + ": argument file " + o).isRegularFile());
    }

    /** Starts the real server jar with these JVM options and arguments (on a free port) and stops it again. */
    static void assertServerStarts(List<String> jvmOptions, List<String> args, String where) {
        startOnce("the server", Stream.concat(jvmOptions.stream(), args.stream()).toList(), where,
                (log, client) -> ServerProcess.startServer(ServerJar.java(), ServerJar.path(), jvmOptions, args, log,
                        client, READY, new ChildProcesses()));
    }

    /**
     * Starts experiment/other-service with these arguments (on free ports) until it answers, and stops it again. A
     * plain Spring Boot service takes any property without a word, so this proves that they start it, not that it
     * knows them.
     */
    static void assertOtherServiceStarts(List<String> args, String where) {
        List<String> onFreePorts = Stream.concat(args.stream(),
                Stream.of("--server.port=0", "--management.server.port=0")).toList();
        startOnce("other-service", Stream.concat(Stream.of(OTHER_SERVICE_MAIN), args.stream()).toList(), where,
                (log, client) -> ServerProcess.start(ServerJar.java(), List.of(), ServerJar.otherServicePath(),
                        onFreePorts, "/orders/count", log, client, READY, new ChildProcesses()));
    }

    /** How a check starts a process: ready, or a {@link ServerProcess.ServerStartException} saying why not. */
    private interface Starter {
        ServerProcess start(Path log, HttpClient client) throws ServerProcess.ServerStartException,
                InterruptedException;
    }

    /** Starts a process once per {@code key} in this JVM, fails naming {@code where} if it does not start. */
    private static void startOnce(String what, List<String> key, String where, Starter starter) {
        if (!STARTED.add(key)) {
            return;
        }
        try {
            Path log = Files.createTempFile("vtlab-docs-server", ".log");
            HttpClient client = HttpClient.newHttpClient();
            try {
                starter.start(log, client).close();
            } catch (ServerProcess.ServerStartException e) {
                fail("%s: %s does not start with %s: %s", where, what, key, e.getMessage());
            } finally {
                client.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A started server for requests the docs make, with default settings, short delays and a free port. */
    static ServerProcess startDefaultServer(HttpClient client) throws Exception {
        return ServerProcess.startServer(ServerJar.java(), ServerJar.path(), List.of(),
                List.of("--vtlab.repository.count-delay=5ms", "--vtlab.repository.save-delay=5ms"),
                Files.createTempFile("vtlab-docs-server", ".log"), client, READY, new ChildProcesses());
    }

    static void assertTestClassExists(String simpleName, String where) throws IOException {
        boolean found = false;
        for (Path pom : modulePoms(root().resolve("pom.xml"))) {
            Path tests = pom.resolveSibling("src/test/java");
            if (Files.isDirectory(tests)) {
                try (Stream<Path> files = Files.walk(tests)) {
                    found |= files.anyMatch(p -> p.getFileName().toString().equals(simpleName + ".java"));
                }
            }
        }
        assertThat(found).as("%s: test class %s exists", where, simpleName).isTrue();
    }

    /**
     * The module folder whose pom has this artifactId, e.g. {@code vtlab-bootstrap} -> {@code bootstrap}, or
     * {@code vtlab-downstream} -> {@code experiment/downstream} (a group folder holds modules one level down).
     */
    static Path moduleFolder(String artifactId, String where) throws IOException {
        for (Path pom : modulePoms(root().resolve("pom.xml"))) {
            // The project's own artifactId: the first one outside <parent> (dependencies come later).
            Matcher own = Pattern.compile("<artifactId>([^<]+)</artifactId>")
                    .matcher(Files.readString(pom).replaceAll("(?s)<parent>.*?</parent>", ""));
            if (own.find() && own.group(1).equals(artifactId)) {
                return pom.getParent();
            }
        }
        return fail("%s: no module with artifactId %s", where, artifactId);
    }

    /**
     * The poms of the modules {@code pom} names, and of theirs, as Maven finds them. A walk of the tree met files
     * that tests running beside this one create and delete (a JVM's {@code .attach_pid} in the root, gone before
     * the walk could read it).
     */
    private static List<Path> modulePoms(Path pom) throws IOException {
        List<Path> poms = new ArrayList<>();
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(pom));
        while (module.find()) {
            Path child = pom.resolveSibling(module.group(1).trim()).resolve("pom.xml");
            poms.add(child);
            poms.addAll(modulePoms(child));
        }
        return poms;
    }

    /** The main class exists in that module, with a main method. */
    static void assertMainClass(Path module, String mainClass, String where) throws IOException {
        Path source = module.resolve("src/main/java").resolve(mainClass.replace('.', '/') + ".java");
        assertThat(source).as("%s: main class %s in %s", where, mainClass, module.getFileName()).isRegularFile();
        assertThat(Files.readString(source)).as(where).contains("public static void main(String[] args)");
    }

    /**
     * {@code url}, written for the server's default ports (8080, and 8081 for its management server), on the ports
     * {@code server} bound.
     */
    static URI onServer(ServerProcess server, String url) {
        URI given = URI.create(url);
        assertThat(given.getHost()).isEqualTo("127.0.0.1");
        assertThat(given.getPort()).as(url).isIn(8080, 8081);
        URI port = given.getPort() == 8081 ? server.uri(ListeningPorts.MANAGEMENT) : server.base();
        return port.resolve(given.getRawPath() + (given.getRawQuery() == null ? "" : "?" + given.getRawQuery()));
    }
}
