package dev.vtlab.loadgen.json;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** The one JSON mapper of this tool (Jackson 3): reads the lab's answers, writes summaries and results. */
public final class Json {

    public static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Json() {
    }

    /**
     * Opens {@code file}, or where only its compressed copy {@code file.gz} is kept beside it, that copy (a path
     * that names the {@code .gz} itself, as the pages link it, is read through it too): the
     * repository stores its largest results compressed (each over 1 MB), and every reader reads them by the name
     * they were written under.
     */
    public static InputStream open(Path file) throws IOException {
        if (file.getFileName().toString().endsWith(".gz")) {
            return new GZIPInputStream(Files.newInputStream(file));
        }
        if (Files.isRegularFile(file)) {
            return Files.newInputStream(file);
        }
        Path gzip = stored(file);
        if (Files.isRegularFile(gzip)) {
            return new GZIPInputStream(Files.newInputStream(gzip));
        }
        throw new NoSuchFileException(file + " (nor " + gzip.getFileName() + " beside it)");
    }

    /** Reads {@code file} (or its compressed copy, as {@link #open}) as a tree. */
    public static JsonNode readTree(Path file) throws IOException {
        try (InputStream in = open(file)) {
            return MAPPER.readTree(in);
        }
    }

    /** Where {@code file}'s compressed copy is kept: beside it, {@code .gz} appended. */
    public static Path stored(Path file) {
        return file.resolveSibling(file.getFileName() + ".gz");
    }

    /** The name a file was written under: {@code results.json} for {@code results.json.gz}, else the file itself. */
    public static Path written(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".gz") ? file.resolveSibling(name.substring(0, name.length() - 3)) : file;
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
