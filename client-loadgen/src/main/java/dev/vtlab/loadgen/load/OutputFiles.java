package dev.vtlab.loadgen.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks, before anything is measured, that the files a run will write can be written. */
public final class OutputFiles {

    private OutputFiles() {
    }

    /** Why {@code file} cannot be written (its folder is created if missing), or {@code null} when it can. */
    public static String cannotWriteFile(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            if (Files.isDirectory(file)) {
                return file + " is a folder";
            }
            if (Files.exists(file)) {
                return Files.isWritable(file) ? null : file + " is not writable";
            }
            Files.delete(Files.createFile(file));
            return null;
        } catch (IOException | SecurityException e) {
            return "cannot write " + file + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
        }
    }

    /** Why files cannot be written into {@code folder} (created if missing), or {@code null} when they can. */
    public static String cannotWriteInto(Path folder) {
        try {
            Files.createDirectories(folder);
            Files.delete(Files.createTempFile(folder, ".vtlab-write-check", ".tmp"));
            return null;
        } catch (IOException | SecurityException e) {
            return "cannot write into " + folder + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
        }
    }
}
