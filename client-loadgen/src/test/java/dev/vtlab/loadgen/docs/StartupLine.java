package dev.vtlab.loadgen.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Test helper: what the server's start-up line says, read from a log a results script saved. */
final class StartupLine {

    /** {@code Tomcat holds at most N connections at once (...)}, written by {@code InFlightBound}. */
    private static final Pattern MAX_CONNECTIONS = Pattern.compile("Tomcat holds at most (\\d+) connections");

    private StartupLine() {
    }

    /** The connections Tomcat holds at most, as the line states them. */
    static String maxConnections(Path log) throws IOException {
        Matcher bound = MAX_CONNECTIONS.matcher(Files.readString(log));
        if (!bound.find()) {
            throw new AssertionError(log + ": no 'Tomcat holds at most N connections' start-up line");
        }
        return bound.group(1);
    }
}
