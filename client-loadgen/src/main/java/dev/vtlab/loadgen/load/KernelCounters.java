package dev.vtlab.loadgen.load;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The kernel's TCP counters that show a burst the server could not take: accept-queue overflows and drops, SYN
 * retransmits. Read with {@code nstat} (iproute2) where it exists; system-wide, so compare before and after.
 */
public final class KernelCounters {

    static final List<String> NAMES = List.of("TcpExtListenOverflows", "TcpExtListenDrops", "TcpExtTCPSynRetrans",
            "TcpRetransSegs");

    private KernelCounters() {
    }

    /** The counters now, or an empty map where nstat is missing or fails. */
    public static Map<String, Long> read() {
        Map<String, Long> counters = new TreeMap<>();
        try {
            List<String> command = new java.util.ArrayList<>(List.of("nstat", "-asz"));
            command.addAll(NAMES);
            Process nstat = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(nstat.getInputStream(), StandardCharsets.UTF_8))) {
                out.lines().map(line -> line.trim().split("\\s+"))
                        .filter(fields -> fields.length >= 2 && NAMES.contains(fields[0]))
                        .forEach(fields -> counters.put(fields[0], Long.parseLong(fields[1])));
            }
            if (!nstat.waitFor(5, TimeUnit.SECONDS)) {
                nstat.destroyForcibly();
                return Map.of();
            }
        } catch (Exception missing) {
            return Map.of();
        }
        return counters;
    }

    /** After minus before, for the counters both have. */
    public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new TreeMap<>();
        before.forEach((name, value) -> {
            if (after.containsKey(name)) {
                delta.put(name, after.get(name) - value);
            }
        });
        return delta;
    }
}
