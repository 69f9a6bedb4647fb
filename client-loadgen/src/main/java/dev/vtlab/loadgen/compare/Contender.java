package dev.vtlab.loadgen.compare;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * One server of the comparison, as the load generator sees it: where its bursts go, where it answers
 * {@code POST /lab/jvm/histogram} (on vtlab, the lab's own connector, which a burst cannot fill), and its process,
 * for the CPU time (its collector's apart) and resident set the operating system reports.
 *
 * @param name   how the report names it
 * @param target the URI each request of a burst GETs
 * @param lab    the base URI of its {@code /lab/jvm/histogram}
 * @param pid    its process
 */
public record Contender(String name, URI target, URI lab, long pid) {

    private static final Duration HISTOGRAM_TIMEOUT = Duration.ofSeconds(60);

    /** The live objects now: the server collects, then counts (a stop-the-world pause of its own). */
    public HeapHistogram liveHistogram(HttpClient client) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(lab.resolve("/lab/jvm/histogram")).timeout(HISTOGRAM_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(name + " answered " + response.statusCode() + " to POST /lab/jvm/histogram");
        }
        return HeapHistogram.parse(response.body());
    }

    /** The CPU time its process has used so far, where the operating system says. */
    public Optional<Duration> cpuTime() {
        return ProcessHandle.of(pid).flatMap(process -> process.info().totalCpuDuration());
    }

    /** The CPU time its garbage collector's threads have used so far, where Linux says ({@link CollectorThreads}). */
    public Optional<Duration> collectorCpuTime() {
        return CollectorThreads.cpuTime(Path.of("/proc", String.valueOf(pid), "task"));
    }

    /** Its resident set now (VmRSS from /proc: Linux only). */
    public Optional<Long> residentSetBytes() {
        try {
            return Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status")).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .map(line -> Long.parseLong(line.replaceAll("\\D", "")) * 1024)
                    .findFirst();
        } catch (IOException | RuntimeException notLinux) {
            return Optional.empty();
        }
    }
}
