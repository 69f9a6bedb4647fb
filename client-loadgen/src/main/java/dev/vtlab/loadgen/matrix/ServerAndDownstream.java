package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;
import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.labclient.LabClient;
import dev.vtlab.loadgen.labclient.VisitCounter;
import dev.vtlab.loadgen.labclient.DownstreamStats;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What one combination runs against: a vtlab server, and the downstream process behind it, started first and
 * stopped with it: for {@code http} a visit store, for {@code jdbc} a database (H2 over TCP, or a PostgreSQL it
 * prepares). Visits are counted where they are kept: the server's lab, or the downstream's {@code /stats}. The lab
 * is read on a port of its own ({@code vtlab.lab.port}, served by a small platform pool), so that it answers even
 * when the burst holds every connection or every carrier thread (pinning on JDK 21).
 */
public final class ServerAndDownstream {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final ServerProcess server;
    private final URI lab;
    private final ServerProcess downstream;

    private ServerAndDownstream(ServerProcess server, URI lab, ServerProcess downstream) {
        this.server = server;
        this.lab = lab;
        this.downstream = downstream;
    }

    /** Starts the downstream (for {@code http} and {@code jdbc}) and the server for one combination. */
    public static ServerAndDownstream start(MatrixSettings settings, Combination combination, Path logs, HttpClient client,
                                     ChildProcesses children)
            throws ServerProcess.ServerStartException, InterruptedException {
        List<String> serverArgs = new ArrayList<>(settings.serverArgs(combination));
        MatrixSettings.ServerSettings servers = settings.server();
        RepositoryKind repository = settings.variant().repository();
        Path downstreamLog = logs.resolve(combination.compactLabel() + "-" + repository.label() + ".log");
        ServerProcess downstream = null;
        if (repository == RepositoryKind.HTTP) {
            downstream = startDownstream(servers, downstreamLog, client, children, "visit-store", "--port", "0",
                    "--count-delay", servers.countDelay().toMillis() + "ms",
                    "--save-delay", servers.saveDelay().toMillis() + "ms");
            serverArgs.add("--vtlab.repository.url=" + downstream.base());
        } else if (repository == RepositoryKind.JDBC) {
            downstream = servers.databaseUrl() == null
                    ? startDownstream(servers, downstreamLog, client, children, "database", "--port", "0",
                            "--stats-port", "0")
                    : startDownstream(servers, downstreamLog, client, children, "database",
                            "--url", servers.databaseUrl(), "--stats-port", "0");
            serverArgs.add("--vtlab.repository.url=" + (servers.databaseUrl() == null
                    ? "jdbc:h2:tcp://127.0.0.1:" + downstream.port(ListeningPorts.DATABASE)
                            + "/mem:vtlab;USER=sa;PASSWORD="
                    : servers.databaseUrl()));
        }
        try {
            ServerProcess server = ServerProcess.startServer(servers.launcher(settings.variant().java()), servers.serverJar(),
                    servers.jvmOptions(), serverArgs, logs.resolve(combination.compactLabel() + ".log"), client,
                    READY_TIMEOUT, children);
            return new ServerAndDownstream(server, server.uri(ListeningPorts.LAB), downstream);
        } catch (ServerProcess.ServerStartException | InterruptedException e) {
            if (downstream != null) {
                downstream.close();
            }
            throw e;
        }
    }

    /** Where the burst goes. */
    public URI base() {
        return server.base();
    }

    /** Where the server's standard meters are read: its management port's Prometheus endpoint. */
    public URI meters() {
        return server.uri(ListeningPorts.MANAGEMENT).resolve("/actuator/prometheus");
    }

    /**
     * Its standard meters, or {@code null} when they do not answer as either format, said to {@code unavailable}: a
     * run is measured without them rather than not at all.
     */
    public MeterSource openMeters(HttpClient client, Consumer<String> unavailable) throws InterruptedException {
        try {
            return MeterSource.open(client, meters());
        } catch (MetersUnavailableException e) {
            unavailable.accept(e.getMessage());
            return null;
        }
    }

    /** Where the lab is read. */
    public URI lab() {
        return lab;
    }

    VisitCounter visits(HttpClient client) {
        return downstream == null ? new LabClient(client, lab) : new DownstreamStats(client, downstream.base());
    }

    /** Stops the server as {@link ServerProcess#stop} does, then its downstream; returns how the server ended. */
    public String stop(Duration grace) throws InterruptedException {
        String how = server.stop(grace);
        if (downstream != null) {
            downstream.stop(grace);
        }
        return how;
    }

    public void close() throws InterruptedException {
        server.close();
        if (downstream != null) {
            downstream.close();
        }
    }

    /**
     * A downstream process: {@code java -jar vtlab-downstream-exec.jar COMMAND ...}. It is the client's side of the
     * experiment, so it stays on the runner's JDK whatever the servers run on; it plays the server's dependencies, so
     * it runs on the server's cores when they are apart.
     */
    static ServerProcess startDownstream(MatrixSettings.ServerSettings servers, Path log, HttpClient client,
                                                 ChildProcesses children, String... commandAndArgs)
            throws ServerProcess.ServerStartException, InterruptedException {
        return ServerProcess.start(servers.launcher(JdkFinder.running().java().toString()), List.of(),
                servers.downstreamJar(), List.of(commandAndArgs), "/stats", log, client, READY_TIMEOUT, children);
    }
}
