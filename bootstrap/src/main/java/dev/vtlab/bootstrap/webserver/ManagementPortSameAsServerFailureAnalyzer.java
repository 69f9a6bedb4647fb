package dev.vtlab.bootstrap.webserver;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

import java.util.Objects;

/**
 * A management port equal to the server's stops start-up naming both settings: Boot then serves Actuator on the
 * main server, where {@code management.server.address} cannot apply, and fails with "Management-specific server
 * address cannot be configured as the management server is not listening on a separate port" and a stack trace,
 * naming neither port. vtlab's meters need a port of their own (they answer while every request thread is taken).
 * As Boot decides it: equal ports, but for 0 (each picks a free port of its own); with no {@code server.port},
 * 8080.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ManagementPortSameAsServerFailureAnalyzer extends AbstractFailureAnalyzer<IllegalStateException> {

    static final String SERVER_PORT = "server.port";
    private static final int BOOTS_DEFAULT_PORT = 8080;
    private final Environment environment;

    public ManagementPortSameAsServerFailureAnalyzer(Environment environment) {
        this.environment = environment;
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, IllegalStateException cause) {
        Integer management = environment.getProperty(ManagementPortInUseFailureAnalyzer.KEY, Integer.class);
        Integer server = environment.getProperty(SERVER_PORT, Integer.class, BOOTS_DEFAULT_PORT);
        if (management == null || management == 0 || !Objects.equals(management, server)) {
            return null;
        }
        return new FailureAnalysis(ManagementPortInUseFailureAnalyzer.KEY + " (" + management + ") is the same as "
                + SERVER_PORT + " (" + server + "): the management server (Actuator's meters) needs a port of its own.",
                "Set " + ManagementPortInUseFailureAnalyzer.KEY + " to another port (0 picks a free one; -1 turns "
                        + "the management server off).", cause);
    }
}
