package dev.vtlab.loadgen.matrix;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import dev.vtlab.redaction.Secrets;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM serving HTTP on loopback: a vtlab server, the reactive reference, or a downstream process behind a
 * server. Each binds port 0 and reports the ports it got ({@link ListeningPorts}), so that no other process can
 * take a port between a choice and a bind; each exits with the runner ({@link RunnerWatch}). Each is tracked in the
 * runner's {@link ChildProcesses} until it has exited, so that the runner can leave no orphan.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration POLL_TIMEOUT = Duration.ofSeconds(5);

    private final Process process;
    private final Path log;
    private final ChildProcesses children;
    private Map<String, Integer> ports = Map.of();

    private ServerProcess(Process process, Path log, ChildProcesses children) {
        this.process = process;
        this.log = log;
        this.children = children;
    }

    /**
     * Starts a vtlab server, its lab on a port of its own, and waits until its lab answers.
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
        return startServer(List.of(java), serverJar, jvmOptions, serverArgs, log, client, readyTimeout, children);
    }

    /** As {@link #startServer(String, Path, List, List, Path, HttpClient, Duration, ChildProcesses)}, launched so. */
    public static ServerProcess startServer(List<String> launcher, Path serverJar, List<String> jvmOptions,
                                            List<String> serverArgs, Path log, HttpClient client,
                                            Duration readyTimeout, ChildProcesses children)
            throws ServerStartException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--spring.main.banner-mode=off", "--server.port=0",
                "--vtlab.lab.port=0", "--management.server.port=0"));
        args.addAll(serverArgs);
        return start(launcher, jvmOptions, serverJar, args, "/lab/environment", log, client, readyTimeout, children);
    }

    /**
     * Starts {@code java OPTIONS -jar JAR ARGS} and waits until it has reported its ports and answers 200 on
     * {@code readyPath} at its {@link ListeningPorts#HTTP} port.
     *
     * @param args      the program's arguments, which must make it bind port 0
     * @param readyPath a path that answers 200 once the process serves
     * @param log       where the process's output goes
     * @throws ServerStartException when it exits, or does not answer within {@code readyTimeout}
     */
    public static ServerProcess start(String java, List<String> jvmOptions, Path jar, List<String> args,
                                      String readyPath, Path log, HttpClient client, Duration readyTimeout,
                                      ChildProcesses children)
            throws ServerStartException, InterruptedException {
        return start(List.of(java), jvmOptions, jar, args, readyPath, log, client, readyTimeout, children);
    }

    /**
     * As {@link #start(String, List, Path, List, String, Path, HttpClient, Duration, ChildProcesses)}, with the
     * command that starts the JVM, e.g. {@code taskset -c 0 java} ({@link CoreSplit#launcher}).
     */
    public static ServerProcess start(List<String> launcher, List<String> jvmOptions, Path jar, List<String> args,
                                      String readyPath, Path log, HttpClient client, Duration readyTimeout,
                                      ChildProcesses children)
            throws ServerStartException, InterruptedException {
        Path portsFile = log.resolveSibling(log.getFileName() + ".ports");
        List<String> commandLine = new ArrayList<>(launcher);
        commandLine.addAll(jvmOptions);
        commandLine.addAll(List.of(RunnerWatch.optionForChildren(), ListeningPorts.optionForChildren(portsFile),
                "-jar", jar.toString()));
        commandLine.addAll(args);
        Process process;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.deleteIfExists(portsFile); // a restarted server's file is the one before's
            // Appended: a server restarted after a failed run keeps the log of the one before.
            process = new ProcessBuilder(commandLine).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new ServerStartException("could not start " + Secrets.redact(String.join(" ", commandLine)) + ": "
                    + e.getMessage());
        }
        ServerProcess server = new ServerProcess(process, log, children);
        if (!children.track(server)) {
            server.close();
            throw new ServerStartException("not started: the runner is shutting down");
        }
        server.awaitReady(client, portsFile, readyPath, readyTimeout);
        return server;
    }

    /** Where its {@link ListeningPorts#HTTP} port answers. */
    public URI base() {
        return uri(ListeningPorts.HTTP);
    }

    /** Where the port it reported under {@code name} answers, e.g. a vtlab server's {@link ListeningPorts#LAB}. */
    public URI uri(String name) {
        return URI.create("http://127.0.0.1:" + port(name));
    }

    /** The port it reported under {@code name}. */
    public int port(String name) {
        Integer port = ports.get(name);
        if (port == null) {
            throw new IllegalStateException("no port '" + name + "' among those reported: " + ports);
        }
        return port;
    }

    public long pid() {
        return process.pid();
    }

    /** First its ports, then 200 on {@code readyPath}: both before one deadline, while it lives. */
    private void awaitReady(HttpClient client, Path portsFile, String readyPath, Duration timeout)
            throws ServerStartException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            exitedEarly();
            if (ports.isEmpty()) {
                ports = ListeningPorts.read(portsFile).orElse(Map.of());
            } else if (answers(client, readyPath)) {
                return;
            }
            Thread.sleep(POLL);
        }
        close();
        throw new ServerStartException("not ready within " + timeout.toSeconds() + " s" + (ports.isEmpty()
                ? " (it reported no ports)" : "") + ": " + lastLines());
    }

    private void exitedEarly() throws ServerStartException {
        if (!process.isAlive()) {
            children.forget(this);
            throw new ServerStartException("process exited with code " + process.exitValue()
                    + " before it was ready: " + lastLines());
        }
    }

    private boolean answers(HttpClient client, String readyPath) throws InterruptedException {
        HttpRequest ready = HttpRequest.newBuilder(base().resolve(readyPath)).timeout(POLL_TIMEOUT).GET().build();
        try {
            return client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notYet) {
            return false;
        }
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
            return "see " + log + "; last lines:\n    " + Secrets.redact(String.join("\n    ",
                    meaningful.subList(Math.max(0, meaningful.size() - 12), meaningful.size())));
        } catch (IOException e) {
            return "see " + log;
        }
    }

    /** The server could not be started or did not become ready. */
    public static final class ServerStartException extends Exception {
        public ServerStartException(String message) {
            super(message);
        }
    }
}
