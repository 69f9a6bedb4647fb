package dev.vtlab.loadgen.cli;

import dev.vtlab.childprocess.DurationConverter;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.ceilings.CeilingSearch;
import dev.vtlab.loadgen.ceilings.CeilingsResult;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.matrix.HumanDuration;
import dev.vtlab.loadgen.meters.ReadableFigures;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ServiceSettings;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;
import dev.vtlab.redaction.Secrets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;

/**
 * Command: any Spring Boot service's ceilings from its own meters, and the rate it sustains. No {@code /lab}: the
 * page is any GET URL, the meters its Prometheus endpoint or Actuator's metrics.
 */
@Command(name = "ceilings", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Reads a Spring Boot service's standard meters while a probe loads one of its pages, "
                + "computes each pool's ceiling by Little's law (size / time a request holds it), then offers "
                + "steady rates to find the one it sustains, beside the lowest ceiling. Works on any service that "
                + "serves Actuator's meters.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the search ran to its end", "1:interrupted, or no step held",
                "2:bad command line, or meters that cannot be read (which, in one line)"})
public final class CeilingsCommand implements Callable<Integer> {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    @Spec
    CommandSpec spec;

    @Option(names = "--url", required = true, converter = HttpUrl.class,
            description = "The page to load: any GET URL of the service, e.g. http://127.0.0.1:8090/orders/count.")
    URI url;

    @Option(names = "--metrics", required = true, converter = HttpUrl.class,
            description = "Its meters: the Prometheus endpoint (…/actuator/prometheus) or Actuator's "
                    + "…/actuator/metrics.")
    URI metrics;

    @Option(names = "--probe-rate", defaultValue = "5", description = "Requests per second of the probe, below "
            + "every ceiling (default: ${DEFAULT-VALUE}).")
    double probeRate;

    @Option(names = "--probe-time", defaultValue = "10s", converter = DurationConverter.class,
            description = "How long each window of the probe runs: from --probe-rate, each climbs while the "
                    + "service keeps up, until the CPU a request costs settles (default: ${DEFAULT-VALUE}).")
    Duration probeTime;

    @Option(names = "--probe-max-time", defaultValue = "300s", converter = DurationConverter.class,
            description = "The most the probe runs while the CPU a request costs has not settled (the service's "
                    + "JIT still warming); past it the search goes on and says so (default: ${DEFAULT-VALUE}).")
    Duration probeMaxTime;

    @Option(names = "--step-time", defaultValue = "20s", converter = DurationConverter.class,
            description = "How long each step offers its rate (default: ${DEFAULT-VALUE}).")
    Duration stepTime;

    @Option(names = "--step-warmup", defaultValue = "5s", converter = DurationConverter.class,
            description = "The first part of each step, left out of its figures (default: ${DEFAULT-VALUE}).")
    Duration stepWarmup;

    @Option(names = "--bisections", defaultValue = "2", description = "Steps between the highest rate that held "
            + "and the lowest that did not, once they are a climbing step apart (default: ${DEFAULT-VALUE}).")
    int bisections;

    @Option(names = "--max-rate", description = "The most a step offers; the search climbs until a step breaks "
            + "(default: a safety bound of " + "20,000 req/s).")
    Double maxRate;

    @Option(names = "--timeout", defaultValue = "30s", converter = DurationConverter.class,
            description = "Per-request timeout (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--beside", description = "An earlier search's ceilings.json (the same service with Boot's "
            + "virtual-thread switch the other way): set beside this one in ceilings.md.")
    Path beside;

    @Option(names = "--output-dir", description = "Where ceilings.json and ceilings.md go (default: a new folder "
            + "under results/ceilings).")
    Path outputDir;

    @Override
    public Integer call() throws Exception {
        validate();
        CeilingsResult before = beside == null ? null : readBeside();
        PrintWriter out = spec.commandLine().getOut();
        HttpClient client = HttpClients.create(CONNECT_TIMEOUT);
        MeterSource meters = open(client);
        Path dir = OutputDirs.choose(spec.commandLine(), outputDir, Path.of("results", "ceilings"));
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        boolean clientShares = Loopback.is(url);
        CeilingSearch.Plan plan = new CeilingSearch.Plan(probeRate, probeTime, probeMaxTime, stepTime, stepWarmup,
                bisections, maxRate, ClientLimits.ofThisMachine().maxConcurrency(), clientShares);
        CeilingSearch search = new CeilingSearch(new RateRun(CONNECT_TIMEOUT, timeout), plan);
        out.printf(Locale.ROOT, "probe: from %s req/s to %s, windows of %s up to %s, meters from %s (%s)%s%n",
                ReadableFigures.rate(probeRate), Secrets.redact(url.toString()), HumanDuration.of(probeTime),
                HumanDuration.of(probeMaxTime), Secrets.redact(metrics.toString()), meters.format(), clientShares
                        ? "; the load generator shares the service's cores: its CPU counts" : "");
        out.flush();
        CeilingSearch.Probe probe;
        try {
            CeilingSearch.AtRest atRest = search.atRest(meters, ServiceSettings.read(client, metrics));
            out.printf(Locale.ROOT, "at rest: %s cores used, heap %s of %s MB%n",
                    ReadableFigures.count(atRest.idleCores()),
                    megabytes(atRest.heapUsedBytes()), megabytes(atRest.heapMaxBytes()));
            probe = search.probe(url, meters, atRest, window -> {
                if (window.unread()) {
                    out.printf(Locale.ROOT, "  window %8s req/s: median %s, %d failed, the meters answered %d "
                                    + "read(s): they wait in the queue where they are served; not kept up%n",
                            ReadableFigures.rate(window.rate()), ReadableFigures.millis(window.p50Ms()),
                            window.failed(), window.meterReads());
                    out.flush();
                    return;
                }
                out.printf(Locale.ROOT, "  window %8s req/s: median %s, %d failed, CPU %s a request%s, lowest %s "
                                + "at %s req/s%n", ReadableFigures.rate(window.rate()),
                        ReadableFigures.millis(window.p50Ms()), window.failed(), window.cpuMsPerRequest() == null ? "-"
                                : ReadableFigures.millis(window.cpuMsPerRequest()), clientShares
                                && window.clientCpuMsPerRequest() != null ? " (the load generator's "
                                + ReadableFigures.millis(window.clientCpuMsPerRequest()) + ")" : "",
                        window.ceilings().getFirst().name(), ReadableFigures.rate(window.ceilings().getFirst().rate()));
                out.flush();
            });
        } catch (MetersUnavailableException e) {
            throw new ParameterException(spec.commandLine(), "--metrics: " + Secrets.redact(e.getMessage()));
        }
        out.println(probe.serviceGone() ? "the service stopped answering in the window at "
                + ReadableFigures.rate(probe.windows().getLast().rate()) + " req/s: no step runs"
                : Boolean.TRUE.equals(probe.settled()) ? "the CPU a request costs settled"
                : "the CPU a request costs did not settle within " + HumanDuration.of(probeMaxTime)
                + ": the service is still warming; the prediction is from a service not yet warm");
        out.println(probe.restAfter() == null
                ? "at rest after the probe: the meters did not answer; the steps take out the rest read before it"
                : String.format(Locale.ROOT, "at rest after the probe: %s cores used (%s before it), taken out of "
                        + "what a step's requests cost", ReadableFigures.count(probe.restAfter()),
                ReadableFigures.count(probe.atRest().idleCores())));
        for (MeterCeiling ceiling : probe.ceilings()) {
            out.println("  " + ceiling.describe());
        }
        MeterCeiling binding = probe.ceilings().getFirst();
        out.printf(Locale.ROOT, "binding: %s at %s req/s (probe median %s, %d failed)%n", binding.name(),
                ReadableFigures.rate(binding.rate()), ReadableFigures.millis(probe.p50Ms()), probe.failed());
        out.flush();
        List<CeilingSearch.Step> done = new ArrayList<>();
        BiFunction<List<CeilingSearch.Step>, Boolean, CeilingsResult> result = (steps, finished) ->
                new CeilingsResult(CommandLines.of(spec), Secrets.redact(url.toString()),
                        Secrets.redact(metrics.toString()), meters.format().name(), started, probe,
                        List.copyOf(steps), finished, ClientEnvironment.current(),
                        CeilingsResult.CpuCost.MEDIAN_OF_STEP_RUNS, before);
        CeilingsResult probed = result.apply(done, false);
        write(dir, probed);
        probed.heapBound().ifPresent(out::println);
        List<CeilingSearch.Step> steps = search.steps(url, meters, probe, step -> {
            if (step.firstRun() != null) {
                done.removeLast(); // the second run at a rate replaces the first, which it carries
            }
            done.add(step);
            out.printf(Locale.ROOT, "  %8s req/s: %s (p99 %s, completed %s req/s, %d failed; peak %s)%s%n",
                    ReadableFigures.rate(step.offeredRate()), step.held() ? "held"
                            : "not held: " + String.join(", ", step.broken()), ReadableFigures.millis(step.p99Ms()),
                    ReadableFigures.rate(step.completionRate()), step.failed(), CeilingsResult.peaks(binding, step),
                    HoldRule.runAgainNote(step.runAgain(), step.firstRun() != null)
                            + CeilingSearch.staleBreakNote(done, step));
            out.flush();
            write(dir, result.apply(done, false));
        });
        CeilingsResult last = result.apply(steps, !Thread.currentThread().isInterrupted());
        write(dir, last);
        out.println(last.verdict());
        last.virtualThreads().lines().forEach(out::println);
        out.println("report      " + dir.resolve("ceilings.md"));
        out.flush();
        return last.finished() && last.sustainedRate() != null ? 0 : 1;
    }

    /** The earlier search to set beside this one, read before anything is sent: a bad file is a bad command line. */
    private CeilingsResult readBeside() {
        try {
            CeilingsResult read = Json.MAPPER.readValue(beside.toFile(), CeilingsResult.class);
            if (read.probe() == null || read.probe().ceilings() == null || read.probe().ceilings().isEmpty()
                    || read.steps() == null) {
                throw new ParameterException(spec.commandLine(), "--beside: " + beside + " is not a ceilings.json");
            }
            return read;
        } catch (tools.jackson.core.JacksonException e) {
            throw new ParameterException(spec.commandLine(), "--beside: " + beside + " is not a ceilings.json ("
                    + e.getOriginalMessage() + ")");
        }
    }

    private static String megabytes(Double bytes) {
        return bytes == null ? "-" : String.format(Locale.ROOT, "%,d", Math.round(bytes / (1 << 20)));
    }

    private MeterSource open(HttpClient client) throws InterruptedException {
        try {
            return MeterSource.open(client, metrics);
        } catch (MetersUnavailableException e) {
            throw new ParameterException(spec.commandLine(), "--metrics: " + Secrets.redact(e.getMessage()));
        }
    }

    private static void write(Path dir, CeilingsResult result) {
        try {
            Json.write(dir.resolve("ceilings.json"), result);
            Files.writeString(dir.resolve("ceilings.md"), result.markdown());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the report into " + dir, e);
        }
    }

    private void validate() {
        if (!(probeRate > 0)) {
            throw new ParameterException(spec.commandLine(), "--probe-rate must be above 0, was " + probeRate);
        }
        if (probeMaxTime.compareTo(probeTime) < 0) {
            throw new ParameterException(spec.commandLine(), "--probe-max-time must be at least --probe-time ("
                    + HumanDuration.of(probeTime) + "), was " + HumanDuration.of(probeMaxTime));
        }
        if (beside != null && !Files.isReadable(beside)) {
            throw new ParameterException(spec.commandLine(), "--beside: cannot read " + beside);
        }
        if (probeTime.toSeconds() < CeilingSearch.minimumProbeSeconds()) {
            throw new ParameterException(spec.commandLine(), "--probe-time must be at least "
                    + CeilingSearch.minimumProbeSeconds() + "s (meters are read once a second), was "
                    + HumanDuration.of(probeTime));
        }
        if (stepTime.compareTo(stepWarmup) <= 0) {
            throw new ParameterException(spec.commandLine(), "--step-time must be longer than --step-warmup");
        }
        if (bisections < 0) {
            throw new ParameterException(spec.commandLine(), "--bisections must not be negative, was " + bisections);
        }
        if (maxRate != null && !(maxRate > 0)) {
            throw new ParameterException(spec.commandLine(), "--max-rate must be above 0, was " + maxRate);
        }
        if (timeout.isZero()) {
            throw new ParameterException(spec.commandLine(), "--timeout must be above 0");
        }
    }
}
