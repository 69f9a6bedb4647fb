package dev.vtlab.loadgen.matrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/**
 * Test helper: the server jar extracted with Spring Boot's jar tools, and a class-data-sharing archive of one start
 * of it, made once per build (again when the server jar is newer). On 2 cores the start-up CPU of the servers the
 * tests start is much of the build's time: a server started from the extracted jar maps the
 * classes of the archive's start instead of loading them. Every JVM the tests start is pointed at the archive
 * ({@code JAVA_TOOL_OPTIONS} in this module's pom); any JVM but such a server has another class path or another
 * JDK, so it refuses the archive and runs as it would without it, its refusal kept out of its log
 * ({@code -Xlog:cds=off}). No test measures speed; the runners' own servers, outside the tests, start from the
 * jar as built.
 */
final class ServerClassArchive {

    /** The longest an extraction or the archive's start may take. */
    private static final Duration DEADLINE = Duration.ofSeconds(120);

    private static Path extracted;

    private ServerClassArchive() {
    }

    /**
     * The extracted form of {@code serverJar}, with {@code archive} made from a start of it, both in the archive's
     * folder; made on the first call, once per JVM. When the archive's start fails, the servers start without it
     * (said once): slower, not wrong.
     */
    static synchronized Path extractedFor(String java, Path serverJar, Path archive) {
        if (extracted == null) {
            Path dir = archive.toAbsolutePath().getParent();
            Path jar = dir.resolve(serverJar.getFileName());
            try {
                if (!Files.isRegularFile(jar) || !Files.isRegularFile(archive)
                        || Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(serverJar)) < 0) {
                    Files.createDirectories(dir);
                    Files.deleteIfExists(archive);
                    Path log = dir.resolve("extract.log");
                    OptionalInt extraction = run(List.of(java, "-Djarmode=tools", "-jar", serverJar.toString(),
                            "extract", "--force", "--destination", dir.toString()), log, false);
                    if (!RunToItsEnd.succeeded(extraction)) {
                        throw new IllegalStateException("could not extract " + serverJar + ": see " + log);
                    }
                    startOnceFor(java, jar, archive);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("could not make the server's class archive in " + dir, e);
            }
            extracted = jar;
        }
        return extracted;
    }

    /**
     * One start of the extracted server that writes the archive as it exits: Spring Boot's way to train one
     * ({@code spring.context.exit=onRefresh}), on free ports.
     */
    private static void startOnceFor(String java, Path jar, Path archive) throws IOException {
        Path log = jar.resolveSibling("archive-start.log");
        OptionalInt exit = run(List.of(java, "-XX:ArchiveClassesAtExit=" + archive, "-Dspring.context.exit=onRefresh",
                "-jar", jar.toString(), "--spring.main.banner-mode=off", "--server.port=0", "--vtlab.lab.port=0",
                "--management.server.port=0"), log, false);
        if (!RunToItsEnd.succeeded(exit)) {
            System.out.println("The servers start without a class archive: its start failed, see " + log);
        }
    }

    /** {@link RunToItsEnd#exitValue} within this class's deadline. */
    static OptionalInt run(List<String> command, Path log, boolean toldOfArchive) throws IOException {
        return RunToItsEnd.exitValue(command, log, DEADLINE, toldOfArchive);
    }
}
