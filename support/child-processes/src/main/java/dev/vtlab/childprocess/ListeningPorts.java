package dev.vtlab.childprocess;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The ports a child process listens on, told to the runner that started it. A runner that chose a free port and
 * passed it on would release it before the child binds it, and another process could take it in between; so every
 * child binds port 0 and writes what it got, by name ({@value #HTTP} for the one the runner talks HTTP to), to the
 * file named by {@value #PORTS_FILE}, once it serves. The file is written whole (a temporary file moved into
 * place): a runner that sees it, sees every port.
 */
public final class ListeningPorts {

    /** The system property naming the file. */
    public static final String PORTS_FILE = "vtlab.ports-file";
    /** The port the runner sends HTTP requests to (the server's, or the downstream's stats). */
    public static final String HTTP = "http";
    /** The vtlab server's lab connector ({@code vtlab.lab.port}). */
    public static final String LAB = "lab";
    /** The vtlab server's management server, Actuator's meters ({@code management.server.port}). */
    public static final String MANAGEMENT = "management";
    /** The downstream database's H2 TCP server. */
    public static final String DATABASE = "database";

    private ListeningPorts() {
    }

    /** The JVM option that makes a child report its ports to {@code file}. */
    public static String optionForChildren(Path file) {
        return "-D" + PORTS_FILE + "=" + file.toAbsolutePath();
    }

    /** Child side: writes {@code ports} to the file the runner named, if it named one. */
    public static void report(Map<String, Integer> ports) {
        String file = System.getProperty(PORTS_FILE);
        if (file == null) {
            return;
        }
        Path target = Path.of(file);
        Properties properties = new Properties();
        ports.forEach((name, port) -> properties.setProperty(name, String.valueOf(port)));
        try {
            Path written = Files.createTempFile(target.toAbsolutePath().getParent(), "ports", ".tmp");
            try (Writer out = Files.newBufferedWriter(written)) {
                properties.store(out, "ports this process listens on");
            }
            Files.move(written, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ports to " + PORTS_FILE + "=" + file, e);
        }
    }

    /** Runner side: the ports in {@code file} by name, or empty while the child has not written them. */
    public static Optional<Map<String, Integer>> read(Path file) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (NoSuchFileException notYet) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the ports in " + file, e);
        }
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            ports.put(name, Integer.valueOf(properties.getProperty(name)));
        }
        return Optional.of(ports);
    }
}
