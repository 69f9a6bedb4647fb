package dev.vtlab.loadgen.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The CPU time a JVM's garbage collector has used, as Linux counts it per thread ({@code /proc/PID/task/TID}: the
 * thread's name in {@code comm}, the nanoseconds it ran first in {@code schedstat}). HotSpot names the threads of
 * G1 and of the Parallel collector {@code GC Thread#N} (the pauses' workers) and {@code G1 ...} (G1's concurrent
 * marking, refinement and service threads). The Serial collector collects on the {@code VM Thread}, which does
 * other work too, and ZGC's and Shenandoah's threads have other names: none of them is counted.
 */
final class CollectorThreads {

    private CollectorThreads() {
    }

    /** What the collector's threads of the process whose {@code /proc/PID/task} this is have run so far. */
    static Optional<Duration> cpuTime(Path tasks) {
        try (Stream<Path> threads = Files.list(tasks)) {
            return Optional.of(Duration.ofNanos(threads.filter(CollectorThreads::collects)
                    .mapToLong(CollectorThreads::ranNanos).sum()));
        } catch (IOException | UncheckedIOException | NumberFormatException notLinux) {
            return Optional.empty();
        }
    }

    private static boolean collects(Path thread) {
        try {
            String name = Files.readString(thread.resolve("comm")).strip();
            return name.startsWith("GC Thread#") || name.startsWith("G1 ");
        } catch (IOException ended) {
            return false; // the thread ended after the listing
        }
    }

    private static long ranNanos(Path thread) {
        try {
            return Long.parseLong(Files.readString(thread.resolve("schedstat")).strip().split("\\s+")[0]);
        } catch (IOException ended) {
            return 0;
        }
    }
}
