package dev.vtlab.loadgen.cli;

import dev.vtlab.downstream.serving.DurationConverter;
import dev.vtlab.loadgen.load.ClientLimits;
import dev.vtlab.loadgen.load.FailureCause;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.load.OutputFiles;
import dev.vtlab.loadgen.load.QuietServer;
import dev.vtlab.loadgen.load.RequestsCsv;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.SummaryText;
import dev.vtlab.loadgen.load.WarmUp;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/** Command: one burst against a running server, with its summary, and optionally JSON and per-request CSV. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Fires one burst of requests at a running vtlab server and reports response times, "
                + "failures, lost writes and which threads the server used.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every request succeeded and no write was lost", "1:a request failed, a write was lost, "
                + "or the server could not be reached", "2:bad command line"})
public final class RunCommand implements Callable<Integer> {

    /**
     * The default warm-up goes in rounds the size of the burst, up to this many requests each, until steady: a first
     * run against a fresh server then lands where the following runs do (docs/benchmarks.md, "Warm runs").
     */
    static final int DEFAULT_WARMUP_CAP = 2000;

    @Spec
    CommandSpec spec;

    @Option(names = "--url", defaultValue = "http://127.0.0.1:8080", converter = ServerUrl.class,
            description = "Server base URL (default: ${DEFAULT-VALUE}).")
    URI url;

    @Option(names = "--mode", defaultValue = "sync", converter = ModeConverter.class,
            description = "sync, async, wrapped or callable (default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--json", description = "Write the summary as JSON to this file.")
    Path json;

    @Option(names = "--csv", description = "Write one row per request to this CSV file.")
    Path csv;

    @Override
    public Integer call() throws Exception {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HttpClient client = HttpClients.create(connectTimeout);
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
                    + ". Start it with: java -jar adapters/target/vtlab-server.jar");
            return 1;
        }
        LoadRun run = new LoadRun(client, connectTimeout, timeout);
        WarmUp warmUp = warmup == null ? run.warmUpUntilSteady(url, url, warmupRoundSize())
                : run.warmUp(url, url, warmup);
        LoadRun.Measurement measurement;
        try {
            measurement = run.measure(url, url, mode, requests, effectiveConcurrency(), lab, visitsBefore, warmUp);
        } catch (QuietServer.NotQuietException e) {
            err.println("Not measured: " + e.getMessage() + (warmUp.note() == null ? "" : " (warm-up: "
                    + warmUp.note() + ")"));
            return 1;
        }
        RunSummary summary = measurement.summary();
        out.print(SummaryText.render(summary));
        if (json != null) {
            Json.write(json, summary);
            out.println("summary     " + json);
        }
        if (csv != null) {
            RequestsCsv.write(csv, measurement.requests());
            out.println("requests    " + csv);
        }
        out.flush();
        return summary.clean() ? 0 : 1;
    }

    /** The most requests a warm-up round sends at once. */
    private int warmupRoundSize() {
        return warmup == null ? Math.min(requests, DEFAULT_WARMUP_CAP) : warmup;
    }

    private int effectiveConcurrency() {
        return concurrency == null ? requests : concurrency;
    }

    private void validate() {
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
        // Checked before the burst: a run's summary must never be lost to a path found unwritable afterwards.
        for (Path file : new Path[] {json, csv}) {
            String problem = file == null ? null : OutputFiles.cannotWriteFile(file);
            if (problem != null) {
                throw new ParameterException(spec.commandLine(), problem);
            }
        }
    }
}
