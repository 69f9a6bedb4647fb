package dev.vtlab.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.vtlab.archunit.ProductionClasses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab can go as the docs say: delete {@code lab/}, the root pom's {@code <module>lab</module>} and bootstrap's
 * dependency on {@code vtlab-lab}, and the server builds, passes its tests and answers /sync. Checked without
 * building a scratch copy (which would take minutes of every build): nothing outside {@code lab/} names the lab
 * but those two lines (so everything else compiles and resolves without it), the server's own tests (bootstrap's
 * and bootstrap-tests') ask nothing of the lab, neither {@code /lab} nor the thread report it adds to an answer (so
 * they pass without it), and every architecture rule holds on the production classes without the lab's.
 * ServerWithoutLabIT then starts the server packaged without the lab and has it answer /sync.
 */
class LabIsDetachableTest {

    /** Java code (not a comment) that names a lab class, or a pom that names the lab's artifact. */
    private static final Pattern NAMES_THE_LAB =
            Pattern.compile("^(?!\\s*(\\*|//)).*\\bdev\\.vtlab\\.lab\\.|<artifactId>vtlab-lab</artifactId>");
    /**
     * A request to the lab's endpoints, in a test that would then get a 404, or a read of the thread report the lab
     * adds to every answer (acceptedBy, completedBy: the threads and their pools), which is then absent.
     */
    private static final Pattern ASKS_THE_LAB = Pattern.compile("\"/lab/|acceptedBy|completedBy|\\\\\"pool\\\\\":");

    @Test
    void nothing_outside_the_lab_names_it_but_the_two_lines_that_join_it() throws IOException {
        Path root = root();
        // bootstrap's dependency and the repackaging that leaves the lab out (harmless once it is gone), or neither
        // once a reader took the lab out; the root pom's module line at most once.
        assertThat(namesOfTheLabOutsideIt(root)).isSubsetOf("bootstrap/pom.xml: <artifactId>vtlab-lab</artifactId>");
        assertThat(Files.readString(root.resolve("pom.xml")).split("<module>lab</module>", -1).length - 1)
                .isLessThanOrEqualTo(1);
    }

    @Test
    void the_servers_own_tests_ask_nothing_of_the_lab_but_that_it_is_absent() throws IOException {
        assertThat(testsThatAskTheLab(root().resolve("bootstrap/src/test/java"),
                root().resolve("bootstrap-tests/src/test/java"))).containsExactly("ServerWithoutLabIT.java");
    }

    /** The check above can fail: a server test that reads the lab's thread report from an answer is named. */
    @Test
    void a_server_test_that_reads_the_labs_thread_report_is_found(@TempDir Path fixture) throws IOException {
        Files.writeString(fixture.resolve("ServesOnTheEventLoopTest.java"),
                "assertThat(server.get(\"/sync?name=Ada\").body()).contains(\"\\\"pool\\\":\\\"reactor-http-\");\n");
        Files.writeString(fixture.resolve("GreetsTest.java"),
                "assertThat(server.get(\"/sync?name=Ada\").body()).contains(\"Hello, Ada!\");\n");
        assertThat(testsThatAskTheLab(fixture)).containsExactly("ServesOnTheEventLoopTest.java");
    }

    /** The Java files under these folders (this one aside) that ask the lab for something, by file name. */
    private static List<String> testsThatAskTheLab(Path... folders) throws IOException {
        List<String> asking = new ArrayList<>();
        for (Path folder : folders) {
            try (Stream<Path> files = Files.walk(folder)) {
                files.filter(LabIsDetachableTest::isJava).filter(file -> !isThisTest(file))
                        .filter(file -> ASKS_THE_LAB.matcher(read(file)).find())
                        .forEach(file -> asking.add(file.getFileName().toString()));
            }
        }
        return asking;
    }

    @Test
    void every_architecture_rule_holds_without_the_lab() throws IllegalAccessException {
        JavaClasses withoutTheLab = new ClassFileImporter().withImportOption(new ProductionClasses())
                .withImportOption(location -> !location.contains("/lab/instrument/")
                        && !location.contains("vtlab-lab-"))
                .importPackages(ArchitectureTest.BASE);
        assertThat(withoutTheLab.stream().map(c -> c.getPackageName())).as("classes imported")
                .contains(ArchitectureTest.BASE + ".bootstrap").noneMatch(p -> p.startsWith(ArchitectureTest.BASE + ".lab"));
        List<String> checked = new ArrayList<>();
        for (Field field : ArchitectureTest.class.getDeclaredFields()) {
            if (field.isAnnotationPresent(ArchTest.class) && Modifier.isStatic(field.getModifiers())) {
                field.setAccessible(true);
                ((ArchRule) field.get(null)).check(withoutTheLab);
                checked.add(field.getName());
            }
        }
        assertThat(checked).contains("layers_follow_the_dependency_rule", "the_code_follows_the_diagram");
    }

    /** The check above can fail: a file of a fixture tree outside its lab that imports a lab class is named. */
    @Test
    void a_file_outside_the_lab_that_names_it_is_found(@TempDir Path fixture) throws IOException {
        Path source = fixture.resolve("adapters/src/main/java/Recording.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "import dev.vtlab.lab.ThreadPlacement;\n");
        Files.createDirectories(fixture.resolve("lab"));
        Files.writeString(fixture.resolve("lab/pom.xml"), "<artifactId>vtlab-lab</artifactId>\n");
        assertThat(namesOfTheLabOutsideIt(fixture))
                .containsExactly("adapters/src/main/java/Recording.java: import dev.vtlab.lab.ThreadPlacement;");
    }

    /**
     * Every line of a pom or a Java source outside lab/ (and outside build output) that would fail without the
     * lab: an artifact to resolve, a class to compile against.
     */
    private static List<String> namesOfTheLabOutsideIt(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        // Build output and .git are not walked into: tests running beside this one write and delete files there.
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                return !dir.equals(root) && (name.equals("target") || name.equals(".git") || dir.equals(
                        root.resolve("lab"))) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                files.add(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException gone) {
                return FileVisitResult.CONTINUE; // a file another test made and deleted (a JVM's .attach_pid)
            }
        });
        return files.stream().filter(file -> isJava(file) || file.getFileName().toString().equals("pom.xml"))
                .filter(file -> !isThisTest(file))
                .flatMap(file -> read(file).lines().filter(line -> NAMES_THE_LAB.matcher(line).find())
                        .map(line -> root.relativize(file) + ": " + line.strip()))
                .toList();
    }

    /** This file names the lab in its patterns and its fixture: it is not part of the server. */
    private static boolean isThisTest(Path file) {
        return file.endsWith(LabIsDetachableTest.class.getSimpleName() + ".java");
    }

    private static boolean isJava(Path file) {
        return file.toString().endsWith(".java");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository's root: the tests run in bootstrap/. */
    private static Path root() {
        return Path.of("..").toAbsolutePath().normalize();
    }
}
