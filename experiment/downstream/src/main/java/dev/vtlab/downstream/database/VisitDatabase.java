package dev.vtlab.downstream.database;

import com.sun.net.httpserver.HttpServer;
import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.Stats;
import org.h2.tools.Server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

import static dev.vtlab.downstream.serving.JsonAnswers.answer;
import static dev.vtlab.downstream.serving.JsonAnswers.error;
import static dev.vtlab.downstream.serving.JsonAnswers.only;

/**
 * The database behind the server's JDBC adapter: H2 in TCP server mode (an in-memory database served over real
 * sockets, so that the server uses a real driver and a real pool), or a PostgreSQL that it prepares. Either way it
 * creates the schema ({@link Schema}) and answers {@code GET /stats} with the visits the table holds, over HTTP on
 * loopback, so that the matrix counts lost writes where they land without speaking JDBC.
 */
public final class VisitDatabase implements AutoCloseable {

    /** The in-memory database H2 serves; it lives as long as this process keeps a connection to it open. */
    private static final String H2_LOCAL = "jdbc:h2:mem:vtlab;DB_CLOSE_DELAY=-1";

    private final String jdbcUrl;
    private final Server h2;
    private final Connection keeper;
    private final HttpServer stats;
    private final ReentrantLock keeperLock = new ReentrantLock();

    private VisitDatabase(String jdbcUrl, Server h2, Connection keeper, HttpServer stats) {
        this.jdbcUrl = jdbcUrl;
        this.h2 = h2;
        this.keeper = keeper;
        this.stats = stats;
        stats.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        stats.createContext("/stats", only("GET", exchange -> {
            try {
                answer(exchange, 200, new Stats(countVisits()));
            } catch (SQLException e) {
                error(exchange, 503, "cannot count the visits: " + e.getMessage());
            }
        }));
        stats.createContext("/", exchange -> error(exchange, 404, "no such path"));
        stats.start();
    }

    /**
     * Starts H2's TCP server on loopback {@code tcpPort} (0: a free one) with an in-memory database {@code vtlab}, and the stats
     * endpoint on {@code statsPort} (0: a free one).
     */
    public static VisitDatabase startH2(int tcpPort, int statsPort) throws SQLException, IOException {
        Connection keeper = DriverManager.getConnection(H2_LOCAL, "sa", "");
        Server h2 = null;
        try {
            Schema.create(keeper, true);
            // -ifExists: a client can open the database this process created, never create another one.
            h2 = Server.createTcpServer("-tcpPort", String.valueOf(tcpPort), "-ifExists").start();
            String url = "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:vtlab;USER=sa;PASSWORD=";
            return new VisitDatabase(url, h2, keeper, statsServer(statsPort));
        } catch (SQLException | IOException | RuntimeException e) {
            if (h2 != null) {
                h2.stop();
            }
            keeper.close();
            throw e;
        }
    }

    /**
     * Prepares the database at {@code jdbcUrl} (PostgreSQL) and serves its stats on {@code statsPort}.
     *
     * @param password the password, or {@code null} when it is in the URL or none is needed
     */
    public static VisitDatabase attach(String jdbcUrl, String password, int statsPort)
            throws SQLException, IOException {
        Properties credentials = new Properties();
        if (password != null) {
            credentials.setProperty("password", password);
        }
        Connection keeper = DriverManager.getConnection(jdbcUrl, credentials);
        try {
            Schema.create(keeper, jdbcUrl.startsWith("jdbc:h2:"));
            return new VisitDatabase(jdbcUrl, null, keeper, statsServer(statsPort));
        } catch (SQLException | IOException | RuntimeException e) {
            keeper.close();
            throw e;
        }
    }

    /** The JDBC URL a server's {@code vtlab.repository.url} takes. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** The ports it listens on, by the names a runner reads: the stats' HTTP port, and H2's if it serves H2. */
    public Map<String, Integer> ports() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        ports.put(ListeningPorts.HTTP, stats.getAddress().getPort());
        if (h2 != null) {
            ports.put(ListeningPorts.DATABASE, h2.getPort());
        }
        return ports;
    }

    /** Where {@code GET /stats} answers. */
    public URI statsUrl() {
        return URI.create("http://127.0.0.1:" + stats.getAddress().getPort());
    }

    /** Visits the table holds. */
    public long countVisits() throws SQLException {
        // One JDBC connection, one statement at a time; a lock, not synchronized, so that the stats server's
        // virtual thread never pins its carrier on JDK 21 while the database answers.
        keeperLock.lock();
        try (Statement statement = keeper.createStatement(); ResultSet rows = statement.executeQuery(Schema.COUNT)) {
            rows.next();
            return rows.getLong(1);
        } finally {
            keeperLock.unlock();
        }
    }

    private static HttpServer statsServer(int port) throws IOException {
        return HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
    }

    /** Stops serving; H2's in-memory database goes with it (a PostgreSQL keeps its visits). */
    @Override
    public synchronized void close() throws SQLException {
        if (keeper.isClosed()) {
            return;
        }
        stats.stop(0);
        if (h2 != null) {
            h2.stop();
            try (Statement statement = keeper.createStatement()) {
                statement.execute("SHUTDOWN");
            }
        }
        keeper.close();
    }
}
