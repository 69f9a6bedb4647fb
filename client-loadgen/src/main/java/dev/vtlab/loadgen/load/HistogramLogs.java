package dev.vtlab.loadgen.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a latency histogram as an HdrHistogram log, which HdrHistogram's own tools read and plot. */
public final class HistogramLogs {

    private HistogramLogs() {
    }

    /** {@code histogram} (microseconds) as one interval of a log in {@code file}. */
    public static void write(Path file, Histogram histogram) {
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            HistogramLogWriter writer = new HistogramLogWriter(file.toFile());
            try {
                writer.outputComment("latency from due time, microseconds");
                writer.outputLogFormatVersion();
                writer.outputLegend();
                writer.outputIntervalHistogram(histogram);
            } finally {
                writer.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
