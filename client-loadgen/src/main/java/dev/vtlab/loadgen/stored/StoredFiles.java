package dev.vtlab.loadgen.stored;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Reads a result by the name it was written under, whether the repository keeps it as written or compressed beside
 * that name ({@code name.gz}): docs/results keeps its files over 16 KB compressed (the checkout's budget is 20 MB;
 * docs/decisions.md, "A checkout of megabytes"), and the pages link the {@code .gz} a reader downloads.
 */
public final class StoredFiles {

    private StoredFiles() {
    }

    /**
     * Opens {@code file}, or where only its compressed copy {@code file.gz} is kept beside it, that copy (a path
     * that names the {@code .gz} itself, as the pages link it, is read through it too).
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

    /** {@code file}'s text (UTF-8), read as {@link #open} finds it. */
    public static String readString(Path file) throws IOException {
        try (InputStream in = open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** {@code file}'s lines, read as {@link #open} finds it. */
    public static List<String> readAllLines(Path file) throws IOException {
        return readString(file).lines().toList();
    }

    /** Whether {@code file} is there, as written or compressed beside its name. */
    public static boolean exists(Path file) {
        return Files.isRegularFile(file) || Files.isRegularFile(stored(file));
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
}
