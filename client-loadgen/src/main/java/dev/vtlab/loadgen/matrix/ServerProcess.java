package dev.vtlab.loadgen.matrix;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * A child JVM serving HTTP on a free loopback port: a vtlab server, or the visit store behind one. Each is tracked
 * in the runner's {@link ChildProcesses} until it has exited, so that the runner can leave no orphan.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration POLL_TIMEOUT = Duration.ofSeconds(5);

    private final Process process;
    private final URI base;
    private final Path log;
    private final ChildProcesses children;

    private ServerProcess(Process process, URI base, Path log, ChildProcesses children) {
        this.process = process;
        this.base = base;
        this.log = log;
        this.children = children;
    }

    /**
     * Starts a vtlab server and waits until its lab answers.
     *
     * @param jvmOptions  e.g. {@code -Xmx512m}
     * @param serverArgs  {@code --key=value} arguments (flags, delays)
     * @param log         where the server's output goes
     * @throws ServerStartException when it exits, or does not answer within {@code readyTimeout}
     */
    public static ServerProcess startServer(String java, Path serverJar, List<String> jvmOptions,
                                            List<String> serverArgs, Path log, HttpClient client,
                                            Duration readyTimeout, ChildProcesses children)
            throws ServerStartException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--spring.main.banner-mode=off"));
        args.addAll(serverArgs);
        return startBootJar(java, serverJar, jvmOptions, args, "/lab/environment", log, client, readyTimeout,
                children);
    }

    /**
     * Starts a Spring Boot jar ({@code java OPTIONS -jar JAR --server.port=PORT ARGS}) and waits until it answers
     * 200 on {@code readyPath}: a vtlab server, or the reactive reference.
     *
     * @throws ServerStartException when it exits, or does not answer within {@code readyTimeout}
     */
    public static ServerProcess startBootJar(String java, Path jar, List<String> jvmOptions, List<String> args,
                                             String readyPath, Path log, HttpClient client, Duration readyTimeout,
                                             ChildProcesses children)
            throws ServerStartException, InterruptedException {
        return start(port -> {
            List<String> command = new ArrayList<>(List.of(java));
            command.addAll(jvmOptions);
            command.addAll(List.of("-jar", jar.toString(), "--server.port=" + port));
            command.addAll(args);
            return command;
        }, readyPath, log, client, readyTimeout, children);
    }

    /**
     * Starts a child process and waits until it answers 200 on {@code readyPath}.
     *
     * @param command   the command line for a given free port
     * @param readyPath a path that answers 200 once the process serves
     * @param log       where the process's output goes
     * @throws ServerStartException when it exits, or does not answer within {@code readyTimeout}
     */
    public static ServerProcess start(IntFunction<List<String>> command, String readyPath, Path log,
                                      HttpClient client, Duration readyTimeout, ChildProcesses children)
            throws ServerStartException, InterruptedException {
        int port = freePort();
        List<String> commandLine = command.apply(port);
        Process process;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            // Appended: a server restarted after a failed run keeps the log of the one before.
            process = new ProcessBuilder(commandLine).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new ServerStartException("could not start " + String.join(" ", commandLine) + ": "
                    + e.getMessage());
        }
        ServerProcess server = new ServerProcess(process, URI.create("http://127.0.0.1:" + port), log, children);
        if (!children.track(server)) {
            server.close();
            throw new ServerStartException("not started: the runner is shutting down");
        }
        server.awaitReady(client, readyPath, readyTimeout);
        return server;
    }

    public URI base() {
        return base;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitReady(HttpClient client, String readyPath, Duration timeout)
            throws ServerStartException, InterruptedException {
        HttpRequest ready = HttpRequest.newBuilder(base.resolve(readyPath)).timeout(POLL_TIMEOUT).GET().build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                children.forget(this);
                throw new ServerStartException("process exited with code " + process.exitValue()
                        + " before it was ready: " + lastLines());
            }
            try {
                if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(POLL);
        }
        close();
        throw new ServerStartException("not ready within " + timeout.toSeconds() + " s: " + lastLines());
    }

    /**
     * SIGTERM (graceful shutdown), then SIGKILL if it has not exited after {@code grace} (at once for a zero
     * grace); returns how it ended.
     */
    public String stop(Duration grace) throws InterruptedException {
        if (grace.isZero()) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            children.forget(this);
            return "killed";
        }
        process.destroy();
        String how;
        if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            how = "exited with code " + process.exitValue();
        } else {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            how = "killed after " + grace.toSeconds() + " s of graceful shutdown";
        }
        children.forget(this);
        return how;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        children.forget(this);
    }

    private String lastLines() {
        try {
            List<String> lines = Files.readAllLines(log);
            List<String> meaningful = lines.stream().filter(l -> !l.isBlank()).toList();
            return "see " + log + "; last lines:\n    "
                    + String.join("\n    ", meaningful.subList(Math.max(0, meaningful.size() - 12), meaningful.size()));
        } catch (IOException e) {
            return "see " + log;
        }
    }

    public static int freePort() throws ServerStartException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new ServerStartException("no free loopback port: " + e.getMessage());
        }
    }

    /** The server could not be started or did not become ready. */
    public static final class ServerStartException extends Exception {
        public ServerStartException(String message) {
            super(message);
        }
    }
}
