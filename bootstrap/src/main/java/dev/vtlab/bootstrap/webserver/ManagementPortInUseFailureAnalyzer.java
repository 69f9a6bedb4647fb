package dev.vtlab.bootstrap.webserver;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * A management port already taken stops start-up naming its setting: Boot's own report says only "Port 8081 was
 * already in use", and a reader who never set a management port would look for it in the wrong place. First among
 * the failure analyzers, so that it speaks before Boot's; for any other port it says nothing and Boot's speaks.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ManagementPortInUseFailureAnalyzer extends AbstractFailureAnalyzer<PortInUseException> {

    static final String KEY = "management.server.port";
    private final Environment environment;

    public ManagementPortInUseFailureAnalyzer(Environment environment) {
        this.environment = environment;
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, PortInUseException cause) {
        Integer port = environment.getProperty(KEY, Integer.class);
        if (port == null || port != cause.getPort()) {
            return null;
        }
        return new FailureAnalysis("The management server (Actuator's meters) could not listen on port " + port
                + " (" + KEY + "): another process is using it.",
                "Set " + KEY + " to a free port (0 picks one; -1 turns the management server off).", cause);
    }
}
