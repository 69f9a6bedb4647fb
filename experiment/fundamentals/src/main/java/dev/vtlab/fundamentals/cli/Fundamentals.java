package dev.vtlab.fundamentals.cli;

import dev.vtlab.jdks.JdkFinder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Entry point: runs the fundamentals' benchmarks in one mode on one JDK and writes {@code results.json} and
 * {@code results.md} into a new folder.
 */
@Command(name = "vtlab-fundamentals", mixinStandardHelpOptions = true, sortOptions = false,
        version = "vtlab-fundamentals 0.1.0",
        description = "What a virtual thread costs, against a platform thread doing the same work: creation, "
                + "footprint, switching, thread per connection, CPU-bound work and fairness.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every benchmark ran", "1:a benchmark failed", "2:bad command line"})
public final class Fundamentals implements Callable<Integer> {

    static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", defaultValue = "quick", description = "quick (at most 5 minutes on 2 "
            + "cores) or full (the page's figures). Default: ${DEFAULT-VALUE}.")
    String mode;

    @Option(names = "--benchmark", split = ",", description = "Which to run: creation, footprint, switching, "
            + "connection, cpu, fairness (default: all).")
    List<String> benchmarks;

    @Option(names = "--java", description = "The JDK to measure: a JDK home, a java executable or a feature version "
            + "(21, 25) looked up where the build looks. Default: the JDK this runs on.")
    String java;

    @Option(names = "--out", description = "Results folder (default: target/fundamentals/<timestamp>).")
    Path out;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line: a refused one prints one line naming the problem and exits 2. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Fundamentals());
        cli.setParameterExceptionHandler((error, ignored) -> {
            error.getCommandLine().getErr().println(error.getMessage() + " (see 'vtlab-fundamentals --help')");
            return 2;
        });
        return cli;
    }

    @Override
    public Integer call() throws Exception {
        Plan plan = plan();
        List<Benchmark> chosen = benchmarks();
        JdkFinder.Jdk jdk = jdk();
        Path folder = folder();
        PrintWriter console = spec.commandLine().getOut();
        console.printf("vtlab fundamentals, %s mode, on JDK %s (%s), %d cores: %s; results in %s%n", plan.name(),
                jdk.version(), jdk.home(), Runtime.getRuntime().availableProcessors(),
                chosen.stream().map(Benchmark::option).toList(), folder);
        Instant started = Instant.now();
        List<Row> rows = new BenchmarkRunner(plan, jdk.java(), console).run(chosen);
        Results results = new Results(plan.name(), jdk.version(), jdk.home().toString(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name") + " "
                + System.getProperty("os.arch"), "vtlab-fundamentals " + String.join(" ",
                spec.commandLine().getParseResult().originalArgs()), started.toString(),
                Duration.between(started, Instant.now()).toSeconds(), rows);
        Files.writeString(folder.resolve("results.json"), JSON.writeValueAsString(results));
        Files.writeString(folder.resolve("results.md"), results.markdown());
        console.printf("Took %d s. Results: %s%n", results.seconds(), folder.resolve("results.md"));
        return 0;
    }

    private Plan plan() {
        return switch (mode.strip().toLowerCase(Locale.ROOT)) {
            case "quick" -> Plan.QUICK;
            case "full" -> Plan.FULL;
            case "smoke" -> Plan.SMOKE;
            default -> throw usage("unknown mode '" + mode + "'; expected quick or full");
        };
    }

    private List<Benchmark> benchmarks() {
        if (benchmarks == null) {
            return Arrays.asList(Benchmark.values());
        }
        List<Benchmark> chosen = new ArrayList<>();
        for (String name : benchmarks) {
            Benchmark benchmark = Benchmark.parse(name).orElseThrow(() -> usage("unknown benchmark '" + name
                    + "'; expected " + String.join(", ", Arrays.stream(Benchmark.values()).map(Benchmark::option)
                    .toList())));
            if (!chosen.contains(benchmark)) {
                chosen.add(benchmark);
            }
        }
        return chosen;
    }

    private JdkFinder.Jdk jdk() {
        if (java == null) {
            return JdkFinder.running();
        }
        try {
            return JdkFinder.ofThisMachine().find(java);
        } catch (JdkFinder.NotFoundException e) {
            throw usage("--java " + e.getMessage());
        }
    }

    private Path folder() throws IOException {
        Path folder = out != null ? out : Path.of("target", "fundamentals",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw usage("cannot create " + folder + ": " + e.getMessage());
        }
        return folder;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
