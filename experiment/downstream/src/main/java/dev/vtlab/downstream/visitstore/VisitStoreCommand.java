package dev.vtlab.downstream.visitstore;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import dev.vtlab.childprocess.DurationConverter;
import dev.vtlab.downstream.serving.Foreground;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** Command: the visit store, the slow backend of the server's HTTP adapter, until Ctrl-C or SIGTERM. */
@Command(name = "visit-store", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serves the visit store on 127.0.0.1 for a server started with vtlab.repository.kind=http: "
                + "GET /visits/count and POST /visits wait their delay, the visitor card's reads (GET /visitors/visits, "
                + "/visitors/last-visit and /visitors/recommendation, each ?who=name) the count delay; GET /stats "
                + "answers at once.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"130:stopped with Ctrl-C", "143:stopped with SIGTERM", "1:the port could not be bound",
                "2:bad command line"})
public final class VisitStoreCommand implements Callable<Integer> {

    private static final Duration MAX_DELAY = Duration.ofSeconds(60);

    @Spec
    CommandSpec spec;

    @Option(names = "--port", defaultValue = "8081",
            description = "Loopback port, 0 for a free one (default: ${DEFAULT-VALUE}, what the server expects).")
    int port;

    @Option(names = "--count-delay", defaultValue = "1s", converter = DurationConverter.class,
            description = "How long GET /visits/count and the card's reads (GET /visitors/...) wait "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration countDelay;

    @Option(names = "--save-delay", defaultValue = "1s", converter = DurationConverter.class,
            description = "How long POST /visits waits (default: ${DEFAULT-VALUE}).")
    Duration saveDelay;

    @Option(names = "--fault", defaultValue = "none", description = "Misbehave on purpose: none, answers-500, "
            + "answers-garbage or too-slow (1.5 s more than the delay). Default: ${DEFAULT-VALUE}.")
    String fault;

    @Override
    public Integer call() throws InterruptedException {
        VisitStore.Fault chosen = validate();
        RunnerWatch.exitWhenTheRunnerIsGone("visit store");
        VisitStore store;
        try {
            store = VisitStore.start(port, countDelay, saveDelay);
        } catch (IOException e) {
            spec.commandLine().getErr().println("Cannot start the visit store on 127.0.0.1:" + port + ": "
                    + e.getMessage());
            return 1;
        }
        store.inject(chosen);
        ListeningPorts.report(Map.of(ListeningPorts.HTTP, store.port()));
        Foreground.serveUntilStopped(store, String.format(Locale.ROOT, "visit store on %s (count %d ms, save %d ms%s)",
                store.url(), countDelay.toMillis(), saveDelay.toMillis(),
                chosen == VisitStore.Fault.NONE ? "" : ", fault " + fault), spec.commandLine().getOut());
        return 0;
    }

    private VisitStore.Fault validate() {
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be between 0 and 65535, was " + port);
        }
        for (Duration delay : new Duration[] {countDelay, saveDelay}) {
            if (delay.compareTo(MAX_DELAY) > 0) {
                throw new ParameterException(spec.commandLine(),
                        "--count-delay and --save-delay must be at most 60s, was " + delay.toMillis() + "ms");
            }
        }
        try {
            return VisitStore.Fault.valueOf(fault.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "unknown --fault '" + fault
                    + "'; expected none, answers-500, answers-garbage or too-slow");
        }
    }
}
