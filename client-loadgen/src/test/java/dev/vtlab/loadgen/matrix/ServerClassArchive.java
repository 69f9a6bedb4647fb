package dev.vtlab.loadgen.matrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

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
    private static final long DEADLINE_SECONDS = 120;

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
                    if (!succeeded(run(List.of(java, "-Djarmode=tools", "-jar", serverJar.toString(), "extract",
                            "--force", "--destination", dir.toString()), log, false))) {
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
        if (!succeeded(run(List.of(java, "-XX:ArchiveClassesAtExit=" + archive, "-Dspring.context.exit=onRefresh",
                "-jar", jar.toString(), "--spring.main.banner-mode=off", "--server.port=0", "--vtlab.lab.port=0",
                "--management.server.port=0"), log, false))) {
            System.out.println("The servers start without a class archive: its start failed, see " + log);
        }
    }

    /**
     * Runs {@code command} to its end within the deadline, its output in {@code log}; its exit value, or empty when
     * it did not end in time (then it is stopped).
     *
     * @param toldOfArchive whether it keeps the archive {@code JAVA_TOOL_OPTIONS} names, as every JVM the tests start
     *                      does; without, only its own options choose one to read or write
     */
    static OptionalInt run(List<String> command, Path log, boolean toldOfArchive) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        String toolOptions = builder.environment().get("JAVA_TOOL_OPTIONS");
        if (toolOptions != null && !toldOfArchive) {
            builder.environment().put("JAVA_TOOL_OPTIONS", Arrays.stream(toolOptions.trim().split("\\s+"))
                    .filter(o -> !o.startsWith("-XX:SharedArchiveFile=")).collect(Collectors.joining(" ")));
        }
        Process process = builder.start();
        try {
            if (process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                return OptionalInt.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        return OptionalInt.empty();
    }

    private static boolean succeeded(OptionalInt exit) {
        return exit.isPresent() && exit.getAsInt() == 0;
    }
}
