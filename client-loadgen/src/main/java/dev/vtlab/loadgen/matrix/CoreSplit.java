package dev.vtlab.loadgen.matrix;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The machine's cores split in two (Linux's {@code taskset}): the server and its downstream processes on
 * {@code server}, the load generator on {@code client}. On loopback they otherwise share every core, and a
 * CPU-bound knee then depends on how the scheduler shares them; apart, the server's CPU time on its own cores
 * predicts its knee.
 *
 * @param server the cores the server and the downstream processes run on
 * @param client the cores the load generator runs on
 */
public record CoreSplit(List<Integer> server, List<Integer> client) {

    private static final Path STATUS = Path.of("/proc/self/status");
    /**
     * The server's collector when it runs on cores of its own. On one core the JVM takes the serial collector
     * (G1 needs at least two cores and 1,792 MB to be its default): pinned to one core, the server paused
     * 100 to 300 ms in young and full collections under 2,000 req/s, and a step broke the hold rule on those
     * pauses with its core 65 to 85% busy. G1, its collector on every core of any machine this project measures
     * on, keeps the server what it is unpinned.
     */
    public static final String SAME_COLLECTOR = "-XX:+UseG1GC";

    public CoreSplit {
        server = List.copyOf(server);
        client = List.copyOf(client);
    }

    /**
     * The first {@code serverCores} of the cores this process may use for the server, the rest for the load
     * generator.
     *
     * @throws IllegalArgumentException in one line, when this is not Linux with {@code taskset}, or the split
     *                                  would leave either side without a core
     */
    public static CoreSplit of(int serverCores) {
        String os = System.getProperty("os.name");
        if (!os.toLowerCase(Locale.ROOT).contains("linux") || !Files.isReadable(STATUS)) {
            throw new IllegalArgumentException("--server-cores needs Linux (taskset and /proc); this is " + os);
        }
        if (findOnPath("taskset") == null) {
            throw new IllegalArgumentException("--server-cores needs taskset on the PATH (Debian: apt-get install "
                    + "util-linux)");
        }
        try {
            return of(serverCores, allowedCores(Files.readString(STATUS)));
        } catch (IOException e) {
            throw new IllegalArgumentException("--server-cores: cannot read " + STATUS + ": " + e.getMessage());
        }
    }

    /** The split of {@code allowed} (this process's cores, in order). */
    static CoreSplit of(int serverCores, List<Integer> allowed) {
        if (serverCores < 1 || serverCores >= allowed.size()) {
            throw new IllegalArgumentException("--server-cores must leave each side at least one core: between 1 and "
                    + (allowed.size() - 1) + " of the " + allowed.size() + " cores this process may use ("
                    + list(allowed) + "), was " + serverCores);
        }
        return new CoreSplit(allowed.subList(0, serverCores), allowed.subList(serverCores, allowed.size()));
    }

    /** The cores in {@code Cpus_allowed_list} of a {@code /proc/PID/status}, e.g. {@code 0-3,6} -> 0,1,2,3,6. */
    static List<Integer> allowedCores(String procStatus) {
        String line = procStatus.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--server-cores: no Cpus_allowed_list in " + STATUS));
        List<Integer> cores = new ArrayList<>();
        for (String part : line.substring(line.indexOf(':') + 1).strip().split(",")) {
            String[] range = part.split("-");
            int from = Integer.parseInt(range[0].strip());
            int to = range.length == 1 ? from : Integer.parseInt(range[1].strip());
            for (int core = from; core <= to; core++) {
                cores.add(core);
            }
        }
        return cores;
    }

    /** The command that starts {@code java} on the server's cores. */
    public List<String> launcher(String java) {
        return List.of("taskset", "-c", list(server), java);
    }

    /**
     * Moves this process, every thread it has (threads started later inherit their creator's cores), onto the load
     * generator's cores.
     *
     * @throws IOException when taskset fails or does not answer within 10 s
     */
    public void pinThisProcess() throws IOException, InterruptedException {
        Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", list(client),
                String.valueOf(ProcessHandle.current().pid())).redirectErrorStream(true).start();
        boolean ended = taskset.waitFor(10, TimeUnit.SECONDS);
        String said = new String(taskset.getInputStream().readAllBytes()).strip();
        if (!ended || taskset.exitValue() != 0) {
            taskset.destroyForcibly();
            throw new IOException("taskset could not move the load generator onto cores " + list(client) + ": "
                    + (ended ? said : "no answer within 10 s"));
        }
    }

    /** e.g. {@code server on core 0, load generator on core 1}. */
    public String describe() {
        return "server on " + cores(server) + ", load generator on " + cores(client);
    }

    private static String cores(List<Integer> cores) {
        return (cores.size() == 1 ? "core " : "cores ") + list(cores);
    }

    /** taskset's list syntax: {@code 0,1,2}. */
    static String list(List<Integer> cores) {
        return cores.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static Path findOnPath(String command) {
        String path = System.getenv("PATH");
        return path == null ? null : Stream.of(path.split(File.pathSeparator)).map(dir -> Path.of(dir, command))
                .filter(Files::isExecutable).findFirst().orElse(null);
    }
}
