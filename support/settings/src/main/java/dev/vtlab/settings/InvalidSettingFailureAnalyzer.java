package dev.vtlab.settings;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Start-up diagnostics: prints a bad setting as one short message instead of a stack trace. */
public class InvalidSettingFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSettingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidSettingException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Fix '" + cause.key() + "' in flags.properties, or in the --" + cause.key()
                        + "=... argument, -D system property or environment variable that sets it.",
                cause);
    }
}
