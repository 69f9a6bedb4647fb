package dev.vtlab.loadgen.cli;

import dev.vtlab.childprocess.DurationConverter;
import dev.vtlab.loadgen.load.Arrivals;
import dev.vtlab.loadgen.load.HistogramLogs;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.load.RateSummary;
import dev.vtlab.loadgen.load.RateText;
import dev.vtlab.loadgen.load.Schedule;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.load.FailureCause;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.OutputFiles;
import dev.vtlab.loadgen.load.QuietServer;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.load.RequestsCsv;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.SummaryText;
import dev.vtlab.loadgen.load.WarmUp;
import dev.vtlab.redaction.Secrets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Command: one burst against a running server, or with {@code --rate} a steady rate for {@code --duration}, with its
 * summary, and optionally JSON and per-request CSV.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Fires one burst of requests at a running vtlab server and reports response times, "
                + "failures, lost writes and which threads the server used; with --rate, sends requests at that "
                + "steady rate instead (an open model: each at its due time, whatever the server does) and times "
                + "them from their due time.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every request succeeded and no write was lost", "1:a request failed, a write was lost, "
                + "or the server could not be reached", "2:bad command line"})
public final class RunCommand implements Callable<Integer> {

    /** Options that only a rate run reads: given without --rate they would change nothing, so they are refused. */
    private static final List<String> RATE_ONLY = List.of("--duration", "--warmup-time", "--arrivals",
            "--histogram-log", "--metrics");
    /** Options that only a burst reads. */
    private static final List<String> BURST_ONLY = List.of("--requests", "--warmup");

    /**
     * The default warm-up goes in rounds the size of the burst, up to this many requests each, until steady: a first
     * run against a fresh server then lands where the following runs do (docs/benchmarks.md, "Warm runs").
     */
    static final int DEFAULT_WARMUP_CAP = 2000;

    @Spec
    CommandSpec spec;

    @Option(names = "--url", defaultValue = "http://127.0.0.1:8080", converter = HttpUrl.class,
            description = "A vtlab server's base URL, whose --mode is loaded, or any GET URL of any service, with "
                    + "its path and query (a page: no lab is read, no visits counted) (default: ${DEFAULT-VALUE}).")
    URI url;

    @Option(names = "--mode", defaultValue = "sync", converter = ModeConverter.class,
            description = "With a vtlab server's base URL: sync, async, wrapped or callable, a shortcut for its path "
                    + "(default: ${DEFAULT-VALUE}).")
    Mode mode;

    @Option(names = "--requests", defaultValue = "2000", description = "Requests in the burst (default: ${DEFAULT-VALUE}).")
    int requests;

    @Option(names = "--concurrency", description = "Most requests in flight at once (default: all of them).")
    Integer concurrency;

    @Option(names = "--timeout", defaultValue = "60s", converter = DurationConverter.class,
            description = "Per-request timeout (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--connect-timeout", defaultValue = "10s", converter = DurationConverter.class,
            description = "Connect timeout (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Option(names = "--warmup", description = "Requests sent to /sync at once and discarded before the burst, on "
            + "connections of their own, to warm the client's and the server's JIT (default: rounds of as many as "
            + "--requests, at most " + DEFAULT_WARMUP_CAP + ", until a round's p99 is within 10%% of the round "
            + "before, at most 5 rounds; 0 measures a cold start).")
    Integer warmup;

    @Option(names = "--rate", description = "Requests per second, sent for --duration instead of one burst.")
    Double rate;

    @Option(names = "--duration", defaultValue = "30s", converter = DurationConverter.class,
            description = "With --rate: how long requests keep coming, warm-up time included (default: "
                    + "${DEFAULT-VALUE}, at most 60m).")
    Duration duration;

    @Option(names = "--warmup-time", defaultValue = "5s", converter = DurationConverter.class,
            description = "With --rate: the first part of the run, sent at the same rate and left out of the figures "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration warmupTime;

    @Option(names = "--arrivals", defaultValue = "uniform", converter = ArrivalsConverter.class,
            description = "With --rate: uniform (request i due at i / rate) or poisson (default: ${DEFAULT-VALUE}).")
    Arrivals arrivals;

    @Option(names = "--histogram-log", description = "With --rate: write the latency histogram (from due time, "
            + "microseconds) to this HdrHistogram log file.")
    Path histogramLog;

    @Option(names = "--metrics", converter = HttpUrl.class, description = "With --rate: the server's meters, "
            + "read each second apart from the lab: its Prometheus endpoint (e.g. "
            + "http://127.0.0.1:8081/actuator/prometheus) or Actuator's /actuator/metrics.")
    URI metrics;

    @Mixin
    CoreOptions cores;

    @Option(names = "--json", description = "Write the summary as JSON to this file.")
    Path json;

    @Option(names = "--csv", description = "Write one row per request to this CSV file.")
    Path csv;

    @Override
    public Integer call() throws Exception {
        validate();
        CoreOptions.pinTheLoadGenerator(cores.split(spec.commandLine()), spec.commandLine());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HttpClient client = HttpClients.create(connectTimeout);
        if (page()) {
            return pageRun(client, out);
        }
        url = new ServerUrl().convert(url.toString());
        LabClient lab = new LabClient(client, url);
        long visitsBefore;
        try {
            visitsBefore = lab.visitsSaved();
        } catch (LabClient.NotALabAnswerException e) {
            err.println("Reached " + Secrets.redact(url.toString()) + ", but it does not answer as a vtlab server: " + e.getMessage()
                    + ". Is --url the vtlab server's address?");
            return 1;
        } catch (IOException e) {
            err.println("Cannot reach the vtlab server at " + Secrets.redact(url.toString()) + ": " + FailureCause.of(e)
                    + ". Start it with: java -jar " + Jars.SERVER);
            return 1;
        }
        if (rate != null) {
            return rateRun(client, lab, visitsBefore, out, err);
        }
        LoadRun run = new LoadRun(client, connectTimeout, timeout);
        WarmUp warmUp = warmup == null ? run.warmUpUntilSteady(url, url, warmupRoundSize())
                : run.warmUp(url, url, warmup);
        LoadRun.Measurement measurement;
        try {
            measurement = run.measure(url, url, mode, requests, effectiveConcurrency(), lab, visitsBefore, warmUp,
                    null);
        } catch (QuietServer.NotQuietException | IOException e) {
            // Nothing was sent: a server that never drained, or whose lab stopped answering (it died in the warm-up)
            err.println("Not measured: " + e.getMessage() + (warmUp.note() == null ? "" : " (warm-up: "
                    + warmUp.note() + ")"));
            return 1;
        }
        RunSummary summary = measurement.summary();
        out.print(SummaryText.render(summary));
        writeFiles(out, summary, measurement.requests());
        out.flush();
        return summary.clean() ? 0 : 1;
    }

    /**
     * The steady-rate run: waits for a quiet server, sends the schedule, reads the lab back, and writes what it
     * measured even when requests failed.
     */
    private int rateRun(HttpClient client, LabClient lab, long visitsBefore, PrintWriter out, PrintWriter err)
            throws IOException, InterruptedException {
        MeterSource meters = openMeters(client);
        Duration quietWait;
        try {
            quietWait = QuietServer.await(lab, QuietServer.deadlineFor(timeout));
        } catch (QuietServer.NotQuietException e) {
            err.println("Not measured: " + e.getMessage());
            return 1;
        }
        ServerEnvironment environment = lab.environment();
        Schedule schedule = new Schedule(rate, duration, arrivals, Schedule.DEFAULT_SEED);
        RateRun.Recording recording = new RateRun(connectTimeout, timeout)
                .run(url.resolve(mode.path()), schedule, effectiveConcurrency(), lab, meters);
        Long visitsSaved = null;
        Duration quietAfter = null;
        try {
            quietAfter = QuietServer.await(lab, QuietServer.deadlineFor(timeout));
            visitsSaved = lab.visitsSaved() - visitsBefore;
        } catch (QuietServer.NotQuietException | IOException e) {
            err.println("Lost writes unknown: " + e.getMessage());
        }
        RateSummary summary = RateSummary.of(recording, schedule, warmupTime, mode.label(),
                Secrets.redact(url.toString()), quietWait.toNanos() / 1e6, environment, visitsSaved, quietAfter);
        out.print(RateText.render(summary));
        writeFiles(out, summary, recording.requests());
        writeHistogram(out, summary);
        out.flush();
        return summary.clean() ? 0 : 1;
    }

    /** Whether {@code --url} names a page of any service (a path or a query) rather than a vtlab server's base. */
    private boolean page() {
        return (url.getRawPath() != null && !url.getRawPath().isEmpty() && !url.getRawPath().equals("/"))
                || url.getRawQuery() != null;
    }

    /**
     * A burst or a rate to a page of any service: the same load, timed alike, with no lab to wait for or read and
     * no visits to count; the service's meters read each second when {@code --metrics} is given.
     */
    private int pageRun(HttpClient client, PrintWriter out) throws IOException, InterruptedException {
        MeterSource meters = openMeters(client);
        if (rate != null) {
            Schedule schedule = new Schedule(rate, duration, arrivals, Schedule.DEFAULT_SEED);
            RateRun.Recording recording = new RateRun(connectTimeout, timeout)
                    .run(url, schedule, effectiveConcurrency(), null, meters);
            RateSummary summary = RateSummary.of(recording, schedule, warmupTime, RunSummary.PAGE,
                    Secrets.redact(url.toString()), 0, null, null, null);
            out.print(RateText.render(summary));
            writeFiles(out, summary, recording.requests());
            writeHistogram(out, summary);
            out.flush();
            return summary.clean() ? 0 : 1;
        }
        LoadRun run = new LoadRun(client, connectTimeout, timeout);
        WarmUp warmUp = run.warmUpPage(url, warmupRoundSize(), warmup == null);
        LoadRun.Measurement measurement = run.measurePage(url, requests, effectiveConcurrency(), warmUp, meters);
        out.print(SummaryText.render(measurement.summary()));
        writeFiles(out, measurement.summary(), measurement.requests());
        out.flush();
        return measurement.summary().clean() ? 0 : 1;
    }

    private MeterSource openMeters(HttpClient client) throws InterruptedException {
        if (metrics == null) {
            return null;
        }
        try {
            return MeterSource.open(client, metrics);
        } catch (MetersUnavailableException e) {
            throw new ParameterException(spec.commandLine(), "--metrics: " + Secrets.redact(e.getMessage()));
        }
    }

    private void writeHistogram(PrintWriter out, RateSummary summary) throws IOException {
        if (histogramLog != null) {
            HistogramLogs.write(histogramLog, summary.outcome().histogram());
            out.println("histogram   " + histogramLog);
        }
    }

    /** The summary to {@code --json} and the requests to {@code --csv}, when asked for, each said where. */
    private void writeFiles(PrintWriter out, Object summary, List<RequestResult> requests) throws IOException {
        if (json != null) {
            Json.write(json, summary);
            out.println("summary     " + json);
        }
        if (csv != null) {
            RequestsCsv.write(csv, requests);
            out.println("requests    " + csv);
        }
    }

    /** The most requests a warm-up round sends at once. */
    private int warmupRoundSize() {
        return warmup == null ? Math.min(requests, DEFAULT_WARMUP_CAP) : warmup;
    }

    /** A burst's concurrency is its size; a rate run's, what the client can hold (ephemeral ports). */
    private int effectiveConcurrency() {
        if (concurrency != null) {
            return concurrency;
        }
        return rate == null ? requests : ClientLimits.ofThisMachine().maxConcurrency();
    }

    private void validate() {
        if (page() && spec.commandLine().getParseResult().hasMatchedOption("--mode")) {
            throw usage("--mode picks a path of a vtlab server's base URL; --url " + Secrets.redact(url.toString())
                    + " names a page already: leave --mode out");
        }
        if (rate != null) {
            validateRate();
            return;
        }
        for (String rateOnly : RATE_ONLY) {
            if (spec.commandLine().getParseResult().hasMatchedOption(rateOnly)) {
                throw usage(rateOnly + " applies to a rate run: add --rate (requests per second), or leave it out "
                        + "for one burst of --requests");
            }
        }
        if (requests <= 0) {
            throw new ParameterException(spec.commandLine(), "--requests must be at least 1, was " + requests);
        }
        if (concurrency != null && (concurrency <= 0 || concurrency > requests)) {
            throw new ParameterException(spec.commandLine(),
                    "--concurrency must be between 1 and --requests (" + requests + "), was " + concurrency);
        }
        if (warmup != null && warmup < 0) {
            throw new ParameterException(spec.commandLine(), "--warmup must not be negative, was " + warmup);
        }
        if (timeout.isZero() || connectTimeout.isZero()) {
            throw new ParameterException(spec.commandLine(), "--timeout and --connect-timeout must be above 0");
        }
        String tooMany = ClientLimits.ofThisMachine().refusal(requests, Math.max(effectiveConcurrency(), warmupRoundSize()));
        if (tooMany != null) {
            throw new ParameterException(spec.commandLine(), tooMany);
        }
        checkOutputFiles();
    }

    /** What a rate run refuses: a rate it cannot offer, a duration out of range, more in flight than fits. */
    private void validateRate() {
        for (String burstOnly : BURST_ONLY) {
            if (spec.commandLine().getParseResult().hasMatchedOption(burstOnly)) {
                throw usage(burstOnly + " applies to a burst; a rate run sends --rate x --duration requests and "
                        + "warms up for --warmup-time");
            }
        }
        if (!(rate > 0) || rate.isInfinite()) {
            throw usage("--rate must be above 0 requests per second, was " + rate);
        }
        if (duration.compareTo(Duration.ofSeconds(1)) < 0 || duration.compareTo(Duration.ofHours(1)) > 0) {
            throw usage("--duration must be between 1s and 60m, was " + duration.toMillis() + "ms");
        }
        if (warmupTime.compareTo(duration) >= 0) {
            throw usage("--duration (" + duration.toMillis() + "ms) must be longer than --warmup-time ("
                    + warmupTime.toMillis() + "ms): nothing would be measured");
        }
        if (timeout.isZero() || connectTimeout.isZero()) {
            throw usage("--timeout and --connect-timeout must be above 0");
        }
        ClientLimits limits = ClientLimits.ofThisMachine();
        double total = rate * duration.toMillis() / 1000.0;
        if (total > limits.maxRequests()) {
            throw usage("--rate x --duration is " + (long) total + " requests, more than the " + limits.maxRequests()
                    + " one run keeps in memory; lower --rate or --duration");
        }
        double inFlight = rate * timeout.toMillis() / 1000.0;
        if (concurrency == null && inFlight > limits.maxConcurrency()) {
            throw usage("--rate x --timeout is " + (long) inFlight + " requests that may be in flight at once, more "
                    + "than the client can hold: at most " + limits.maxConcurrency() + " (the ephemeral ports "
                    + limits.portRange() + " less " + ClientLimits.PORT_MARGIN + "); lower --rate or --timeout, or "
                    + "pass --concurrency");
        }
        if (concurrency != null && (concurrency <= 0 || concurrency > limits.maxConcurrency())) {
            throw usage("--concurrency must be between 1 and " + limits.maxConcurrency() + ", was " + concurrency);
        }
        checkOutputFiles();
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** Checked before the run: a run's summary must never be lost to a path found unwritable afterwards. */
    private void checkOutputFiles() {
        for (Path file : new Path[] {json, csv, histogramLog}) {
            String problem = file == null ? null : OutputFiles.cannotWriteFile(file);
            if (problem != null) {
                throw new ParameterException(spec.commandLine(), problem);
            }
        }
    }
}
