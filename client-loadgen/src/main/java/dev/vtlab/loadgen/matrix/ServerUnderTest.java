package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.lab.LabClient;
import dev.vtlab.loadgen.lab.VisitCounter;
import dev.vtlab.loadgen.lab.VisitStoreClient;
import dev.vtlab.loadgen.store.RunnerWatch;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What one combination runs against: a vtlab server, and for the {@code http} repository the visit store behind
 * it, started first and stopped with it. Visits are counted where they are kept: the server's lab, or the store.
 * The lab is read on a port of its own ({@code vtlab.lab.port}, served by a small platform pool), so that it
 * answers even when the burst holds every connection or every carrier thread (pinning on JDK 21).
 */
final class ServerUnderTest {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final ServerProcess server;
    private final URI lab;
    private final ServerProcess store;

    private ServerUnderTest(ServerProcess server, URI lab, ServerProcess store) {
        this.server = server;
        this.lab = lab;
        this.store = store;
    }

    /** Starts the store (for {@code http}) and the server for one combination; logs go to {@code logs}. */
    static ServerUnderTest start(MatrixSettings settings, Combination combination, Path logs, HttpClient client,
                                 ChildProcesses children)
            throws ServerProcess.ServerStartException, InterruptedException {
        List<String> serverArgs = new ArrayList<>(settings.serverArgs(combination));
        int labPort = ServerProcess.freePort();
        serverArgs.add("--vtlab.lab.port=" + labPort);
        ServerProcess store = null;
        if (settings.repository() == Repository.HTTP) {
            store = ServerProcess.start(port -> storeCommand(settings, port), "/stats",
                    logs.resolve(combination.compactLabel() + "-store.log"), client, READY_TIMEOUT, children);
            serverArgs.add("--vtlab.repository.url=" + store.base());
        }
        try {
            return new ServerUnderTest(ServerProcess.startServer(settings.java(), settings.serverJar(),
                    settings.jvmOptions(), serverArgs, logs.resolve(combination.compactLabel() + ".log"), client,
                    READY_TIMEOUT, children), URI.create("http://127.0.0.1:" + labPort), store);
        } catch (ServerProcess.ServerStartException | InterruptedException e) {
            if (store != null) {
                store.close();
            }
            throw e;
        }
    }

    /** Where the burst goes. */
    URI base() {
        return server.base();
    }

    /** Where the lab is read. */
    URI lab() {
        return lab;
    }

    VisitCounter visits(HttpClient client) {
        return store == null ? new LabClient(client, lab) : new VisitStoreClient(client, store.base());
    }

    /** Stops the server as {@link ServerProcess#stop} does, then its store; returns how the server ended. */
    String stop(Duration grace) throws InterruptedException {
        String how = server.stop(grace);
        if (store != null) {
            store.stop(grace);
        }
        return how;
    }

    void close() throws InterruptedException {
        server.close();
        if (store != null) {
            store.close();
        }
    }

    /**
     * The visit store runs from this load generator's own code: {@code java -jar vtlab-loadgen.jar visit-store}
     * when started from its jar, else (an IDE, a test) the same class path.
     */
    private static List<String> storeCommand(MatrixSettings settings, int port) {
        String classPath = System.getProperty("java.class.path");
        // The store is the client's side of the experiment: it stays on the runner's JDK whatever the servers run on.
        List<String> command = new ArrayList<>(List.of(JdkFinder.running().java().toString(),
                RunnerWatch.optionForChildren()));
        if (classPath.endsWith("vtlab-loadgen.jar") && !classPath.contains(File.pathSeparator)) {
            command.addAll(List.of("-jar", classPath));
        } else {
            command.addAll(List.of("-cp", classPath, "dev.vtlab.loadgen.LoadGenerator"));
        }
        command.addAll(List.of("visit-store", "--port", String.valueOf(port),
                "--count-delay", settings.countDelay().toMillis() + "ms",
                "--save-delay", settings.saveDelay().toMillis() + "ms"));
        return command;
    }
}
