package dev.vtlab.loadgen.matrix;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The folder one matrix writes its results into. By default a new folder per run, named by the time, with a
 * suffix when another run took that name in the same second. Whichever folder it is, the matrix holds a lock on
 * it while it runs (released by the OS if the matrix dies), so two matrices never write over each other.
 */
public final class OutputFolder implements AutoCloseable {

    private static final String LOCK_FILE = ".matrix.lock";

    private final Path dir;
    private final FileChannel channel;
    private final FileLock lock;

    private OutputFolder(Path dir, FileChannel channel, FileLock lock) {
        this.dir = dir;
        this.channel = channel;
        this.lock = lock;
    }

    /** Creates {@code parent/name}, or {@code name-2}, {@code name-3}... if taken; each creation is atomic. */
    public static Path createNew(Path parent, String name) throws IOException {
        Files.createDirectories(parent);
        for (int attempt = 1; ; attempt++) {
            Path candidate = parent.resolve(attempt == 1 ? name : name + "-" + attempt);
            try {
                return Files.createDirectory(candidate);
            } catch (FileAlreadyExistsException taken) {
                // another run of the same second: try the next suffix
            }
        }
    }

    /** Locks {@code dir} for this matrix; throws {@link TakenException} if a running matrix holds it. */
    public static OutputFolder claim(Path dir) throws IOException, TakenException {
        Files.createDirectories(dir);
        FileChannel channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameJvm) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new TakenException(dir + " is being written by another matrix that is still running; "
                    + "wait for it or pass another --out");
        }
        return new OutputFolder(dir, channel, lock);
    }

    public Path dir() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }

    /** The folder is locked by a matrix that is running now. */
    public static final class TakenException extends Exception {
        TakenException(String message) {
            super(message);
        }
    }
}
