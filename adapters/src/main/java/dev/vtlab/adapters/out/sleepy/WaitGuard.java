package dev.vtlab.adapters.out.sleepy;

import java.util.Arrays;
import java.util.List;

/**
 * How the sleepy adapter guards each call's waiting ({@code vtlab.repository.guard}), as many JDBC drivers and
 * client libraries guard the I/O on a connection. On JDK 21 a virtual thread that blocks while holding a monitor
 * pins its carrier thread; from JDK 24 on (JEP 491) it does not. A {@code ReentrantLock} never pins.
 */
public enum WaitGuard {
    /** No lock around the waiting. */
    NONE("none"),
    /** The waiting happens inside {@code synchronized} on the connection. */
    SYNCHRONIZED("synchronized"),
    /** The waiting happens while holding the connection's {@code ReentrantLock}. */
    REENTRANT_LOCK("reentrant-lock");

    private final String label;

    WaitGuard(String label) {
        this.label = label;
    }

    /** As written in the setting, e.g. {@code reentrant-lock}. */
    public String label() {
        return label;
    }

    /** Every label, in order, for error messages. */
    public static List<String> labels() {
        return Arrays.stream(values()).map(WaitGuard::label).toList();
    }

    /** The guard with this label. */
    public static WaitGuard of(String label) {
        return Arrays.stream(values()).filter(g -> g.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown guard '" + label + "'"));
    }
}
