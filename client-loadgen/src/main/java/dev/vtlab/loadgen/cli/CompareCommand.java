package dev.vtlab.loadgen.cli;

import dev.vtlab.childprocess.DurationConverter;
import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.compare.Challenger;
import dev.vtlab.loadgen.compare.Comparison;
import dev.vtlab.loadgen.compare.SideBySide;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.OutputFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** Command: vtlab with virtual threads against the reactive reference, the same bursts alternating, side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts vtlab (T on, W on for netty-wrapped, Boot's switch for netty-boot; one server per "
                + "--web-server) and the reactive reference (Spring WebFlux on Netty) with the same JVM options, and "
                + "fires the same bursts at each in turn: p50, p99, failures, CPU per request, RSS, and the live heap "
                + "one held request costs each. Writes comparison.json and comparison.md.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every burst was fired at every server (failed requests are findings)",
                "1:a server did not start or stopped answering; what was measured is written",
                "2:bad command line"})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--bursts", split = ",", defaultValue = "2000,10000,20000",
            description = "Burst sizes, each fired at every server in every round (default: ${DEFAULT-VALUE}).")
    List<Integer> bursts;

    @Option(names = "--rounds", defaultValue = "2", description = "Rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--heap", defaultValue = "512m", converter = HeapSizeConverter.class,
            description = "Both servers' heap, passed as -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--held-burst", defaultValue = "2000", description = "The burst whose held requests are "
            + "weighed, each round (default: ${DEFAULT-VALUE}).")
    int heldBurst;

    @Option(names = "--delay", defaultValue = "1s", converter = DurationConverter.class,
            description = "Each of a request's two waits, on every server (default: ${DEFAULT-VALUE}).")
    Duration delay;

    @Option(names = "--timeout", defaultValue = "120s", converter = DurationConverter.class,
            description = "Per-request timeout (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--connect-timeout", defaultValue = "10s", converter = DurationConverter.class,
            description = "Connect timeout, as run's (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Option(names = "--pause", defaultValue = "3s", converter = DurationConverter.class,
            description = "Between two bursts (default: ${DEFAULT-VALUE}).")
    Duration pause;

    @Option(names = "--web-server", split = ",", defaultValue = "tomcat",
            description = "The vtlab servers, each against the reference in the same rounds: tomcat, jetty, netty "
                    + "(T on, /sync), netty-wrapped (W on, /wrapped) and netty-boot (Spring Boot's switch alone, "
                    + "/sync) (default: ${DEFAULT-VALUE}).")
    List<String> webServers;

    @Option(names = "--server-jar", description = "vtlab's jar (default: " + Jars.SERVER + ", looked up "
            + "from here and from the parent folder).")
    Path serverJar;

    @Option(names = "--reference-jar", description = "The reference's jar (default: "
            + Jars.REFERENCE + ", looked up from here and from the parent folder).")
    Path referenceJar;

    @Option(names = "--out", description = "Folder (default: target/comparisons/<timestamp>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        SideBySide.Settings settings = settings();
        ChildProcesses children = new ChildProcesses();
        Thread hook = new Thread(children::refuseNewAndKillAll, "vtlab-compare-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        PrintWriter console = spec.commandLine().getOut();
        try (OutputFolder folder = OutputFolder.claim(settings.out())) {
            console.printf("vtlab compare: bursts %s, %d round(s), every server %s; in %s%n", settings.bursts(),
                    settings.rounds(), String.join(" ", settings.serverJvm()), folder.dir());
            console.flush();
            Comparison comparison = new SideBySide(settings, console, children).run();
            console.printf("Comparison: %s%n", settings.out().resolve("comparison.md"));
            if (comparison.stoppedBy() != null) {
                console.printf("Stopped early: %s%n", comparison.stoppedBy());
            }
            console.flush();
            return comparison.stoppedBy() == null ? 0 : 1;
        } catch (OutputFolder.TakenException e) {
            throw usage(e.getMessage());
        } finally {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
    }

    private SideBySide.Settings settings() {
        if (bursts.isEmpty() || bursts.stream().anyMatch(n -> n < 1)) {
            throw usage("--bursts must be whole numbers above 0, was " + bursts);
        }
        int largest = bursts.stream().mapToInt(Integer::intValue).max().orElseThrow();
        int most = Math.max(largest, heldBurst);
        String tooMany = ClientLimits.ofThisMachine().refusal(most, most);
        if (tooMany != null) {
            throw usage(tooMany);
        }
        if (rounds < 1 || rounds > 10) {
            throw usage("--rounds must be between 1 and 10, was " + rounds);
        }
        if (heldBurst < 1) {
            throw usage("--held-burst must be above 0, was " + heldBurst);
        }
        if (delay.toMillis() < 1000) {
            throw usage("--delay must be at least 1s (the held requests are weighed 1.2 s into the burst), was "
                    + delay.toMillis() + "ms");
        }
        if (timeout.isZero() || connectTimeout.isZero()) {
            throw usage("--timeout and --connect-timeout must be above 0");
        }
        List<Challenger> challengers = webServers.stream().distinct().map(label -> Challenger.parse(label)
                .orElseThrow(() -> usage("unknown web server '" + label + "'; expected "
                        + String.join(", ", Challenger.labels())))).toList();
        return new SideBySide.Settings(List.copyOf(bursts), rounds, heldBurst, pause,
                List.of("-Xmx" + heap, "-XX:+ExitOnOutOfMemoryError"), delay, connectTimeout, timeout,
                JdkFinder.running().java().toString(), challengers,
                Jars.find(spec.commandLine(), serverJar, "--server-jar", Jars.SERVER),
                Jars.find(spec.commandLine(), referenceJar, "--reference-jar",
                        Jars.REFERENCE),
                OutputDirs.choose(spec.commandLine(), out, Path.of("target", "comparisons")),
                CommandLines.of(spec));
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
