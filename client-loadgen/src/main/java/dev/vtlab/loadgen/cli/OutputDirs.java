package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.load.OutputFiles;
import dev.vtlab.loadgen.matrix.OutputFolder;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where a command writes: the folder given, or a new one under {@code parent} named by the time. */
final class OutputDirs {

    private OutputDirs() {
    }

    /**
     * {@code given}, or a new folder under {@code parent}; either must be writable, checked now.
     *
     * @throws ParameterException saying why not
     */
    static Path choose(CommandLine command, Path given, Path parent) {
        Path dir;
        try {
            dir = given != null ? given : OutputFolder.createNew(parent,
                    LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        } catch (IOException e) {
            throw new ParameterException(command, "cannot create a folder under " + parent + ": " + e.getMessage());
        }
        String problem = OutputFiles.cannotWriteInto(dir);
        if (problem != null) {
            throw new ParameterException(command, problem);
        }
        return dir;
    }

    /**
     * Locks {@code dir} for this command's run.
     *
     * @throws ParameterException when a running matrix or capacity search holds it
     */
    static OutputFolder claim(CommandLine command, Path dir) throws IOException {
        try {
            return OutputFolder.claim(dir);
        } catch (OutputFolder.TakenException e) {
            throw new ParameterException(command, e.getMessage());
        }
    }
}
