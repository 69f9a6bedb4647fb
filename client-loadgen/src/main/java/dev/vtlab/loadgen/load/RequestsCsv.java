package dev.vtlab.loadgen.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes one CSV row per request: id, start and end offsets from the burst's release, latency, status or error. */
public final class RequestsCsv {

    private RequestsCsv() {
    }

    public static void write(Path file, List<RequestResult> requests) {
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            try (Writer out = Files.newBufferedWriter(file)) {
                out.write("id,start_ms,end_ms,latency_ms,status,error\n");
                for (RequestResult r : requests) {
                    out.write(r.id() + "," + r.startMicros() / 1000.0 + "," + r.endMicros() / 1000.0 + ","
                            + r.latencyMicros() / 1000.0 + "," + r.status() + "," + (r.error() == null ? "" : r.error())
                            + "\n");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
