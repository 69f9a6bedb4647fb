package dev.vtlab.loadgen.json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A results file kept compressed beside its name reads as the file itself; a missing one names both it and its copy. */
class StoredJsonTest {

    @Test
    void a_file_kept_only_as_its_gzip_copy_reads_by_its_own_name(@TempDir Path dir) throws Exception {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("results.json.gz")))) {
            out.write("{\"kind\":\"capacity\",\"runs\":[]}".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Json.readTree(dir.resolve("results.json")).path("kind").asString()).isEqualTo("capacity");
        assertThat(Json.readTree(dir.resolve("results.json.gz")).path("kind").asString()).isEqualTo("capacity");
        assertThat(Json.written(dir.resolve("results.json.gz"))).isEqualTo(dir.resolve("results.json"));
        assertThat(Json.written(dir.resolve("run.json"))).isEqualTo(dir.resolve("run.json"));
    }

    @Test
    void the_plain_file_wins_over_a_copy_beside_it(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"kind\":\"matrix\"}");
        Files.writeString(dir.resolve("results.json.gz"), "not gzip at all");
        assertThat(Json.readTree(dir.resolve("results.json")).path("kind").asString()).isEqualTo("matrix");
    }

    @Test
    void neither_file_nor_copy_fails_naming_both(@TempDir Path dir) {
        assertThatThrownBy(() -> Json.readTree(dir.resolve("results.json"))).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("results.json").hasMessageContaining("results.json.gz");
    }
}
