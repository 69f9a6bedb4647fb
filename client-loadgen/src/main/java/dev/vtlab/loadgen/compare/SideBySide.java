package dev.vtlab.loadgen.compare;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.Burst;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.load.HttpClients;
import dev.vtlab.loadgen.load.LoadRun;
import dev.vtlab.loadgen.matrix.ChildProcesses;
import dev.vtlab.loadgen.matrix.ServerProcess;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The comparison's run: starts vtlab (one server per {@link Challenger} asked for: T on, or W on for Netty's
 * {@code /wrapped}, the other flags off) and the reactive reference with the same JVM options, warms each with every
 * burst size and then until the CPU a request costs it settles, then in every round measures what a held request
 * costs each and fires each burst size at both, alternating which goes first. Writes {@code comparison.json} and
 * {@code comparison.md} after every step; stops every server at the end, also on failure.
 */
public final class SideBySide {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration HELD_INTO = Duration.ofMillis(1200);
    /**
     * The most warm-up bursts a server gets. One burst left round 1 to the JIT: vtlab's Netty {@code /sync} cost
     * 1.13 ms of server CPU a request at 10,000 in round 1 and 0.35 ms in round 2 (docs/results/compare-three-stacks/README.md).
     */
    static final int WARM_BURSTS = 10;

    /**
     * What to run.
     *
     * @param bursts         burst sizes, each fired at every server in every round
     * @param rounds         how many times
     * @param heldBurst      the burst whose held requests are weighed
     * @param pause          between two bursts (connections of the last one close)
     * @param serverJvm      JVM options of every server
     * @param delay          each of the two waits of a request
     * @param connectTimeout the client's
     * @param requestTimeout the client's
     * @param java           the java every server runs on
     * @param challengers    the vtlab servers, each against the reference
     * @param serverJar      vtlab's
     * @param referenceJar   the reference's
     * @param out            the folder of comparison.json, comparison.md and the servers' logs
     * @param command        the command line, for the report
     */
    public record Settings(List<Integer> bursts, int rounds, int heldBurst, Duration pause, List<String> serverJvm,
                           Duration delay, Duration connectTimeout, Duration requestTimeout, String java,
                           List<Challenger> challengers, Path serverJar, Path referenceJar, Path out, String command) {
    }

    private final Settings settings;
    private final PrintWriter console;
    private final ChildProcesses children;
    /** What was measured so far: saved after every step. */
    private Comparison measured;

    public SideBySide(Settings settings, PrintWriter console, ChildProcesses children) {
        this.settings = settings;
        this.console = console;
        this.children = children;
    }

    public Comparison run() throws InterruptedException, IOException {
        Comparison started = new Comparison(settings.command(),
                OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString(), ClientEnvironment.current(),
                settings.serverJvm(), settings.delay().toMillis(), List.of(), List.of(), null);
        measured = save(started);
        HttpClient client = HttpClients.create(settings.connectTimeout());
        try {
            compare(client, new Burst(settings.connectTimeout(), settings.requestTimeout()));
        } catch (ServerProcess.ServerStartException | IOException e) {
            measured = save(measured.stoppedBy(e.getMessage()));
        } finally {
            client.close();
        }
        return measured;
    }

    private void compare(HttpClient client, Burst burst)
            throws ServerProcess.ServerStartException, IOException, InterruptedException {
        List<ServerProcess> started = new ArrayList<>();
        try {
            List<Contender> contenders = new ArrayList<>();
            for (Challenger challenger : settings.challengers()) {
                ServerProcess vtlab = startVtlab(client, challenger);
                started.add(vtlab);
                contenders.add(new Contender(challenger.reportName(), vtlab.base().resolve(challenger.target()),
                        // The main connector is full during a large burst (its bound, then the kernel's queue): the
                        // histogram goes to the lab's own.
                        vtlab.uri(ListeningPorts.LAB), vtlab.pid()));
            }
            ServerProcess reference = startReference(client);
            started.add(reference);
            contenders.add(new Contender(Comparison.REFERENCE, reference.base().resolve("/reactive?name=Ada"),
                    reference.base(), reference.pid()));
            measure(contenders, client, burst);
        } finally {
            for (ServerProcess server : started) {
                server.close();
            }
        }
    }

    /** Warms each server, then every round: the held request's cost, then each burst size, on each in turn. */
    private void measure(List<Contender> contenders, HttpClient client, Burst burst)
            throws IOException, InterruptedException {
        BurstSample sample = new BurstSample(burst);
        for (Contender server : contenders) {
            warm(server, sample);
        }
        HeldRequestProbe probe = new HeldRequestProbe(burst, client, HELD_INTO);
        for (int round = 1; round <= settings.rounds(); round++) {
            // Each round starts with the next server, so that none always goes first.
            List<Contender> order = new ArrayList<>(contenders);
            Collections.rotate(order, -(round - 1));
            for (Contender server : order) {
                HeldRequestProbe.HeldRequest held = probe.measure(server, settings.heldBurst());
                measured = save(measured.with(held));
                console.printf(Locale.ROOT, "round %d, %s: %.1f KB of live heap per held request (%d held)%n",
                        round, server.name(), held.perRequestBytes() / 1024, held.held());
                console.flush();
                Thread.sleep(settings.pause());
            }
            for (int requests : settings.bursts()) {
                for (Contender server : order) {
                    BurstSample.Figures figures = sample.measure(server, round, requests);
                    measured = save(measured.with(figures));
                    console.printf(Locale.ROOT, "round %d, %d requests, %s: %d succeeded, %d failed, p50 %.0f ms, "
                                    + "p99 %.0f ms%n", round, requests, server.name(), figures.succeeded(),
                            figures.failed(), figures.p50Ms(), figures.p99Ms());
                    console.flush();
                    Thread.sleep(settings.pause());
                }
            }
        }
    }

    /**
     * One burst of each size the run measures, then bursts of the held-request size until the server's CPU a request
     * is steady ({@link LoadRun#steady}: within 10% of the burst before), at most {@value #WARM_BURSTS}; one such
     * burst where its CPU time cannot be read. Settled on bursts of 2,000 alone, a server still cost 2.6 times as much
     * a request at 10,000 in round 1 as in round 2: the larger bursts run code the smaller ones do not warm.
     */
    private void warm(Contender server, BurstSample sample) throws InterruptedException {
        List<String> sizes = new ArrayList<>();
        for (int requests : settings.bursts()) {
            sizes.add(requests + ": " + cost(sample.measure(server, 0, requests).cpuMsPerRequest()));
            Thread.sleep(settings.pause());
        }
        List<Double> cpu = new ArrayList<>();
        do {
            cpu.add(sample.measure(server, 0, settings.heldBurst()).cpuMsPerRequest());
            Thread.sleep(settings.pause());
        } while (!warmed(cpu));
        console.printf(Locale.ROOT, "warmed %s with one burst of each size (the server's CPU ms a request %s), then "
                        + "%d bursts of %d: %s%s%n", server.name(), String.join(", ", sizes), cpu.size(),
                settings.heldBurst(), String.join(", ", cpu.stream().map(SideBySide::cost).toList()),
                LoadRun.steady(cpu) ? "" : " (not settled)");
        console.flush();
    }

    private static String cost(double ms) {
        return ms < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", ms);
    }

    /** Whether bursts that cost the server {@code cpu} ms a request each, in order, warmed it enough. */
    static boolean warmed(List<Double> cpu) {
        return cpu.getLast() < 0 || cpu.size() >= WARM_BURSTS || LoadRun.steady(cpu);
    }

    private ServerProcess startVtlab(HttpClient client, Challenger challenger)
            throws ServerProcess.ServerStartException, InterruptedException {
        String delay = settings.delay().toMillis() + "ms";
        List<String> args = new ArrayList<>(challenger.serverArgs());
        args.addAll(List.of("--vtlab.repository.count-delay=" + delay, "--vtlab.repository.save-delay=" + delay));
        // One server: the log keeps the name it always had.
        String log = settings.challengers().size() == 1 ? "vtlab-server.log"
                : "vtlab-" + challenger.label() + "-server.log";
        return ServerProcess.startServer(settings.java(), settings.serverJar(), settings.serverJvm(), args,
                settings.out().resolve(log), client, READY_TIMEOUT, children);
    }

    private ServerProcess startReference(HttpClient client)
            throws ServerProcess.ServerStartException, InterruptedException {
        String delay = settings.delay().toMillis() + "ms";
        return ServerProcess.start(settings.java(), settings.serverJvm(), settings.referenceJar(),
                List.of("--server.port=0", "--reference.count-delay=" + delay, "--reference.save-delay=" + delay),
                "/reactive?name=ready",
                settings.out().resolve("reference-server.log"), client, READY_TIMEOUT, children);
    }

    private Comparison save(Comparison comparison) throws IOException {
        Files.createDirectories(settings.out());
        Json.write(settings.out().resolve("comparison.json"), comparison);
        Files.writeString(settings.out().resolve("comparison.md"), ComparisonReport.markdown(comparison));
        return comparison;
    }
}
