package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The sleepy repository's guard around each wait, as the server's {@code vtlab.repository.guard} names it (a
 * contract test starts the server with an unknown guard and compares the ones it lists with these).
 */
public enum GuardSetting {
    /** No lock. */
    NONE("none"),
    /** A {@code synchronized} block: pins the carrier on JDK 21 to 23. */
    SYNCHRONIZED("synchronized"),
    /** A {@code ReentrantLock}: pins nothing. */
    REENTRANT_LOCK("reentrant-lock");

    private final String label;

    GuardSetting(String label) {
        this.label = label;
    }

    /** As the server's setting and the results write it, e.g. {@code reentrant-lock}. */
    @JsonValue
    public String label() {
        return label;
    }

    public static Optional<GuardSetting> parse(String label) {
        return Arrays.stream(values()).filter(g -> g.label.equalsIgnoreCase(label.strip())).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(GuardSetting::label).toList();
    }
}
