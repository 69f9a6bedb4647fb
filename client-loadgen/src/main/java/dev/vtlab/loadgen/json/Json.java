package dev.vtlab.loadgen.json;

import dev.vtlab.loadgen.stored.StoredFiles;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The one JSON mapper of this tool (Jackson 3): reads the lab's answers, writes summaries and results. */
public final class Json {

    public static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Json() {
    }

    /** Reads {@code file} (or its compressed copy beside it, as {@link StoredFiles#open}) as a tree. */
    public static JsonNode readTree(Path file) throws IOException {
        try (InputStream in = StoredFiles.open(file)) {
            return MAPPER.readTree(in);
        }
    }

    /** Reads {@code file} (or its compressed copy beside it) as a {@code type}. */
    public static <T> T read(Path file, Class<T> type) throws IOException {
        try (InputStream in = StoredFiles.open(file)) {
            return MAPPER.readValue(in, type);
        }
    }

    /** Writes {@code value} as indented JSON, creating the file's folder if needed. */
    public static void write(Path file, Object value) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, MAPPER.writeValueAsString(value));
    }
}
