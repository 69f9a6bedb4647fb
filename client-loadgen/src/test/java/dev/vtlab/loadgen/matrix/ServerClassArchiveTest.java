package dev.vtlab.loadgen.matrix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The servers' class archive does what the build counts on: a server started from the extracted jar maps it (with
 * {@code -Xshare:on} a JVM that cannot use its archive does not start), and any other JVM told of it, as every JVM
 * the tests start is, runs without a word about it.
 */
class ServerClassArchiveTest {

    @TempDir
    Path dir;

    @Test
    void a_server_started_from_the_extracted_jar_maps_the_archive() throws Exception {
        Path archive = archiveOrSkip();
        Path jar = ServerJar.path();
        Path log = dir.resolve("start.log");

        OptionalInt exit = ServerClassArchive.run(List.of(ServerJar.java(), "-Xshare:on",
                "-XX:SharedArchiveFile=" + archive, "-Dspring.context.exit=onRefresh", "-jar", jar.toString(),
                "--spring.main.banner-mode=off", "--server.port=0", "--vtlab.lab.port=0", "--management.server.port=0"),
                log, true);

        assertThat(exit).as(Files.readString(log)).hasValue(0);
    }

    @Test
    void any_other_jvm_told_of_it_runs_without_a_word_about_it() throws Exception {
        archiveOrSkip();
        ServerJar.path(); // the archive exists once the jar to start is known
        Path log = dir.resolve("version.log");

        OptionalInt exit = ServerClassArchive.run(List.of(ServerJar.java(), "-version"), log, true);

        assertThat(exit).hasValue(0);
        assertThat(Files.readString(log)).contains("version").doesNotContain("[cds")
                .doesNotContain("shared archive").doesNotContain("[aot");
    }

    /** Where the build asked for the archive; a run without it (from the IDE) skips these tests. */
    private static Path archiveOrSkip() {
        String archive = System.getProperty(ServerJar.ARCHIVE_PROPERTY);
        assumeTrue(archive != null, "no " + ServerJar.ARCHIVE_PROPERTY + ": the build did not ask for the archive");
        return Path.of(archive);
    }
}
