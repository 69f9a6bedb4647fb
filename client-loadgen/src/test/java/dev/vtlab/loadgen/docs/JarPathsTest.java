package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every jar a script or a page starts ({@code MODULE/target/NAME.jar}, MODULE perhaps in a group folder such as
 * {@code experiment/downstream}) is one the build makes: MODULE is a module of the root pom, and NAME its pom's
 * {@code finalName}, alone or with one of its classifiers. A module moved or a jar renamed fails here, naming the
 * file, instead of in a reader's terminal (the results' scripts once kept a jar's old module for a day).
 */
class JarPathsTest {

    private static final Pattern JAR =
            Pattern.compile("(?<![\\w/.-])((?:[a-z][a-z-]*/)?[a-z][a-z-]*)/target/([\\w.-]+)\\.jar");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern FINAL_NAME = Pattern.compile("<finalName>([^<]+)</finalName>");
    private static final Pattern CLASSIFIER = Pattern.compile("<classifier>([^<]+)</classifier>");

    @Test
    void every_jar_a_script_or_page_starts_is_one_the_build_makes() throws IOException {
        Path root = CommandChecks.root();
        Set<String> modules = matches(MODULE, root.resolve("pom.xml"));
        List<String> checked = new ArrayList<>();
        for (Path file : scriptsAndPages(root)) {
            Matcher jar = JAR.matcher(Files.readString(file));
            while (jar.find()) {
                String where = root.relativize(file) + ": " + jar.group();
                assertThat(modules).as("%s names a module of the root pom", where).contains(jar.group(1));
                assertThat(jarsOf(root.resolve(jar.group(1)).resolve("pom.xml")))
                        .as("%s is a jar its module's pom makes", where).contains(jar.group(2));
                checked.add(where);
            }
        }
        assertThat(checked).as("jar paths in the scripts and pages").isNotEmpty();
    }

    /** The scripts (docs, .ci) and the pages a reader follows, not the results' own reports and logs. */
    private static List<Path> scriptsAndPages(Path root) throws IOException {
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("docs/results/README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".sh")).forEach(files::add);
        }
        for (String folder : List.of("docs/results", ".ci")) {
            try (Stream<Path> scripts = Files.walk(root.resolve(folder))) {
                scripts.filter(f -> f.toString().endsWith(".sh") || f.getFileName().toString().equals("run"))
                        .forEach(files::add);
            }
        }
        return files.stream().sorted().toList();
    }

    private static Set<String> jarsOf(Path pom) throws IOException {
        Set<String> jars = new HashSet<>();
        for (String finalName : matches(FINAL_NAME, pom)) {
            jars.add(finalName);
            matches(CLASSIFIER, pom).forEach(classifier -> jars.add(finalName + "-" + classifier));
        }
        return jars;
    }

    private static Set<String> matches(Pattern pattern, Path file) throws IOException {
        Set<String> found = new HashSet<>();
        Matcher m = pattern.matcher(Files.readString(file));
        while (m.find()) {
            found.add(m.group(1).strip());
        }
        return found;
    }
}
