package dev.vtlab.adapters;

import dev.vtlab.downstream.database.VisitDatabase;
import dev.vtlab.downstream.visitstore.VisitStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Test helper: the real downstream processes' code, started in this JVM on loopback. */
public final class Downstreams {

    private Downstreams() {
    }

    /**
     * The visit store on {@code port} (0: a free one), waiting {@code delay} on each call (so that an async answer
     * always comes after the caller has attached its continuation, as with a store in another process).
     */
    public static VisitStore visitStore(int port, Duration delay) {
        try {
            return VisitStore.start(port, delay, delay);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** H2 over TCP on {@code port} (0: a free one), with an empty visit table. */
    public static VisitDatabase database(int port) {
        try {
            return VisitDatabase.startH2(port, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("H2 did not start", e);
        }
    }

    /**
     * The database as its own process ({@code vtlab-downstream database}), as the matrix runs it, so that a test can
     * kill it for real: H2 over TCP on loopback {@code port}, ready when a JDBC connection succeeds.
     */
    public static DatabaseProcess databaseProcess(int port) throws IOException, InterruptedException {
        Path jar = downstreamJar();
        Process process = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-jar",
                jar.toString(), "database", "--port", String.valueOf(port), "--stats-port", "0")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        DatabaseProcess database = new DatabaseProcess(process, "jdbc:h2:tcp://127.0.0.1:" + port
                + "/mem:vtlab;USER=sa;PASSWORD=");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                DriverManager.getConnection(database.jdbcUrl()).close();
                return database;
            } catch (SQLException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    database.kill();
                    throw new IllegalStateException("the database process did not serve within 30 s", notYet);
                }
                Thread.sleep(100);
            }
        }
    }

    /** A database process; {@link #kill()} is SIGKILL. */
    public record DatabaseProcess(Process process, String jdbcUrl) implements AutoCloseable {

        public void kill() throws InterruptedException {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws InterruptedException {
            kill();
        }
    }

    /**
     * A loopback port nothing listens on, for what a test starts on it later (a downstream that is down now, a lab
     * port). It lies below the kernel's range for ports chosen by binding port 0, so no process started meanwhile (by
     * a test running beside this one) is given it, as one could be given a port that was found free and let go.
     */
    public static int portNoOneIsGiven() {
        int below = ephemeralRangeStart();
        for (int port = below - 1; port > below - 2000; port--) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return probe.getLocalPort();
            } catch (IOException taken) {
                // taken by a fixed-port process: try the next one down
            }
        }
        throw new IllegalStateException("no free loopback port in the 2000 below " + below);
    }

    /** Where Linux starts the ports it gives to port-0 binds; elsewhere the IANA range's start. */
    private static int ephemeralRangeStart() {
        try {
            return Integer.parseInt(Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim()
                    .split("\\s+")[0]);
        } catch (IOException | RuntimeException notLinux) {
            return 49152;
        }
    }

    /**
     * The downstream processes' runnable jar, from the repository's root above the module the test runs in (a
     * module may sit in a group folder, as lab/server-tests does).
     */
    private static Path downstreamJar() {
        String jar = "experiment/downstream/target/vtlab-downstream-exec.jar";
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("flags.properties"))) {
                Path found = dir.resolve(jar);
                if (!Files.isRegularFile(found)) {
                    throw new IllegalStateException(found + " is missing: run ./mvnw verify from the repository "
                            + "root, which packages the downstream module before the tests that start it");
                }
                return found;
            }
        }
        throw new IllegalStateException("no repository root (flags.properties) above " + Path.of("").toAbsolutePath());
    }
}
