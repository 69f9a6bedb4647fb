package dev.vtlab.downstream.database;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import dev.vtlab.downstream.serving.Foreground;
import dev.vtlab.redaction.Secrets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.Callable;

/** Command: the database behind the server's JDBC adapter, until Ctrl-C or SIGTERM. */
@Command(name = "database", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serves H2 over TCP on 127.0.0.1 (an in-memory database 'vtlab' with the visit table and the "
                + "VTLAB_SLEEP function) for a server started with vtlab.repository.kind=jdbc, or with --url "
                + "prepares a PostgreSQL instead; either way GET /stats on the stats port answers the visits kept.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"130:stopped with Ctrl-C", "143:stopped with SIGTERM",
                "1:the database could not be started or reached", "2:bad command line"})
public final class DatabaseCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", defaultValue = "9092",
            description = "H2's TCP port on loopback, 0 for a free one (default: ${DEFAULT-VALUE}, what the server "
                    + "expects).")
    int port;

    @Option(names = "--stats-port", defaultValue = "8082",
            description = "Loopback port of GET /stats, 0 for a free one (default: ${DEFAULT-VALUE}).")
    int statsPort;

    @Option(names = "--url", description = "Prepare this database instead of starting H2, e.g. "
            + "jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab (creates the visit table if absent); the password "
            + "from the environment variable " + Secrets.DATABASE_PASSWORD_VARIABLE + ", or in the URL.")
    String url;

    @Override
    public Integer call() throws InterruptedException {
        validate();
        RunnerWatch.exitWhenTheRunnerIsGone("database");
        VisitDatabase database;
        try {
            database = url == null ? VisitDatabase.startH2(port, statsPort)
                    : VisitDatabase.attach(url, System.getenv(Secrets.DATABASE_PASSWORD_VARIABLE), statsPort);
        } catch (SQLException | IOException e) {
            spec.commandLine().getErr().println("Cannot start the database"
                    + (url == null ? " on 127.0.0.1:" + port : " at " + Secrets.redact(url)) + ": "
                    + Secrets.redact(e.getMessage()));
            return 1;
        }
        ListeningPorts.report(database.ports());
        Foreground.serveUntilStopped(database, "database at " + Secrets.redact(database.jdbcUrl()) + ", stats on "
                + database.statsUrl() + "/stats", spec.commandLine().getOut());
        return 0;
    }

    private void validate() {
        for (int p : new int[] {port, statsPort}) {
            if (p < 0 || p > 65535) {
                throw new ParameterException(spec.commandLine(), "--port and --stats-port must be between 0 and "
                        + "65535, was " + p);
            }
        }
        if (url != null && !url.startsWith("jdbc:postgresql://") && !url.startsWith("jdbc:h2:")) {
            throw new ParameterException(spec.commandLine(), "--url must be a jdbc:postgresql:// (or jdbc:h2:) URL, "
                    + "was '" + Secrets.redact(url) + "'");
        }
    }
}
