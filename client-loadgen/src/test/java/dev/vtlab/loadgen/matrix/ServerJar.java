package dev.vtlab.loadgen.matrix;

import dev.vtlab.jdks.JdkFinder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Test helper: the server jar the reactor built before this module's tests (modules build in order), the other
 * jars, and the JDKs the servers run on.
 */
public final class ServerJar {

    private ServerJar() {
    }

    /** Where the build asks for the server's class archive ({@link ServerClassArchive}); unset, the tests go without. */
    static final String ARCHIVE_PROPERTY = "vtlab.test.server-archive";

    /**
     * The server jar to start: extracted, with its class archive, when the build asks for one (a run from the IDE
     * does not), else the jar as built.
     */
    public static Path path() {
        Path jar = Path.of("../bootstrap/target/vtlab-server.jar").toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run ./mvnw verify from the repository root, which "
                    + "packages the server before it tests the load generator");
        }
        String archive = System.getProperty(ARCHIVE_PROPERTY);
        return archive == null ? jar : ServerClassArchive.extractedFor(java(), jar, Path.of(archive));
    }

    /** The downstream processes' runnable jar, built before this module's tests (a dependency of it). */
    public static Path downstreamPath() {
        return built("experiment/downstream/target/vtlab-downstream-exec.jar");
    }

    /** The reactive reference's runnable jar, built before this module's tests (a dependency of it). */
    public static Path referencePath() {
        return built("experiment/reference-webflux/target/vtlab-reference-webflux.jar");
    }

    /** The service that is not vtlab (experiment/other-service), built before this module's tests. */
    public static Path otherServicePath() {
        return built("experiment/other-service/target/vtlab-other-service.jar");
    }

    /** A jar of another module, from the repository root; missing, it says how to build it. */
    private static Path built(String fromRoot) {
        Path jar = Path.of("..").resolve(fromRoot).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run ./mvnw verify from the repository root");
        }
        return jar;
    }

    /** Whether the build's console was told already that no JDK 21 was found: said once, not per test. */
    private static final AtomicBoolean NO_JDK_21_SAID = new AtomicBoolean();

    /** A JDK 21 where the build looks, or the rest of the calling test is skipped, saying why (once). */
    public static JdkFinder.Jdk jdk21OrSkip() {
        try {
            return JdkFinder.ofThisMachine().find("21");
        } catch (JdkFinder.NotFoundException e) {
            String why = "JDK 21 parts skipped: " + e.getMessage() + " (docs/running.md: getting a JDK 21; .ci/run "
                    + "installs one)";
            if (!NO_JDK_21_SAID.getAndSet(true)) {
                System.out.println(why);
            }
            assumeTrue(false, why);
            throw new IllegalStateException("unreachable");
        }
    }

    /** The java launcher of this JVM, which the servers also use. */
    public static String java() {
        return ProcessHandle.current().info().command().orElseThrow();
    }
}
