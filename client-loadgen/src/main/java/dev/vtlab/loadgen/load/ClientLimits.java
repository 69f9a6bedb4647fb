package dev.vtlab.loadgen.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much one load generator may ask for, so that a typo cannot exhaust the machine: every concurrent request
 * holds one ephemeral port (a connection of its own), and every request of a burst is kept as one small record.
 *
 * @param maxRequests    requests in one burst
 * @param maxConcurrency requests in flight at once: the ephemeral ports less a margin for other connections
 * @param portRange      the ephemeral port range, as the kernel states it (for messages)
 */
public record ClientLimits(int maxRequests, int maxConcurrency, String portRange) {

    /** One million requests of about 50 bytes of results each: well within a default client heap. */
    static final int MAX_REQUESTS = 1_000_000;
    /** Ports left for everything else (the lab's connections, other programs, connections still closing). */
    public static final int PORT_MARGIN = 1_000;
    private static final Path PORT_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default range, 32768-60999, when the kernel's file cannot be read (other systems). */
    private static final int[] DEFAULT_RANGE = {32768, 60999};

    public static ClientLimits ofThisMachine() {
        int[] range = DEFAULT_RANGE;
        try {
            String[] parts = Files.readString(PORT_RANGE).strip().split("\\s+");
            range = new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (IOException | RuntimeException unreadable) {
            // keep the default
        }
        return new ClientLimits(MAX_REQUESTS, Math.max(1, range[1] - range[0] + 1 - PORT_MARGIN),
                range[0] + "-" + range[1]);
    }

    /** Why these requests and concurrency are too many, or {@code null} when they fit. */
    public String refusal(long requests, long concurrency) {
        if (requests > maxRequests) {
            return "--requests must be at most " + maxRequests + ", was " + requests;
        }
        if (concurrency > maxConcurrency) {
            return "at most " + maxConcurrency + " requests can be in flight at once (the ephemeral ports "
                    + portRange + " less " + PORT_MARGIN + " for other connections), asked for " + concurrency
                    + "; pass --concurrency";
        }
        return null;
    }
}
