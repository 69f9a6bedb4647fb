package dev.vtlab.loadgen.stored;

import dev.vtlab.loadgen.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A result kept compressed beside its name reads as the file itself; a missing one names both it and its copy. */
class StoredFilesTest {

    @Test
    void a_file_kept_only_as_its_gzip_copy_reads_by_its_own_name(@TempDir Path dir) throws Exception {
        gzip(dir.resolve("results.json.gz"), "{\"kind\":\"capacity\",\"runs\":[]}");
        assertThat(Json.readTree(dir.resolve("results.json")).path("kind").asString()).isEqualTo("capacity");
        assertThat(Json.readTree(dir.resolve("results.json.gz")).path("kind").asString()).isEqualTo("capacity");
        assertThat(StoredFiles.written(dir.resolve("results.json.gz"))).isEqualTo(dir.resolve("results.json"));
        assertThat(StoredFiles.written(dir.resolve("run.json"))).isEqualTo(dir.resolve("run.json"));
    }

    @Test
    void a_text_kept_compressed_reads_as_its_lines(@TempDir Path dir) throws Exception {
        gzip(dir.resolve("held.txt.gz"), "num #instances\nTotal 3 120\n");
        assertThat(StoredFiles.exists(dir.resolve("held.txt"))).isTrue();
        assertThat(StoredFiles.readAllLines(dir.resolve("held.txt"))).containsExactly("num #instances", "Total 3 120");
        assertThat(StoredFiles.readString(dir.resolve("held.txt.gz"))).endsWith("Total 3 120\n");
    }

    @Test
    void the_plain_file_wins_over_a_copy_beside_it(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"kind\":\"matrix\"}");
        Files.writeString(dir.resolve("results.json.gz"), "not gzip at all");
        assertThat(Json.readTree(dir.resolve("results.json")).path("kind").asString()).isEqualTo("matrix");
    }

    @Test
    void neither_file_nor_copy_fails_naming_both(@TempDir Path dir) {
        assertThat(StoredFiles.exists(dir.resolve("results.json"))).isFalse();
        assertThatThrownBy(() -> StoredFiles.readString(dir.resolve("results.json")))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("results.json").hasMessageContaining("results.json.gz");
    }

    private static void gzip(Path file, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
