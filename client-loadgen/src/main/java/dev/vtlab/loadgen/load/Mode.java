package dev.vtlab.loadgen.load;

import java.util.List;

/**
 * The four styles the server serves the same use case in, the flags the matrix varies for each, and the flag whose
 * threads wait in it.
 */
public enum Mode {
    SYNC("/sync", List.of(Flag.T), Flag.T),
    ASYNC("/async", List.of(Flag.T, Flag.A, Flag.R), Flag.R),
    WRAPPED("/wrapped", List.of(Flag.T, Flag.A, Flag.W), Flag.W),
    CALLABLE("/callable", List.of(Flag.T, Flag.A), Flag.A);

    private final String path;
    private final List<Flag> relevantFlags;
    private final Flag waitsOn;

    Mode(String path, List<Flag> relevantFlags, Flag waitsOn) {
        this.path = path;
        this.relevantFlags = relevantFlags;
        this.waitsOn = waitsOn;
    }

    /**
     * The flag whose threads wait out the repository's delays in this style: Tomcat's for sync, the repository's
     * for async, the wrapper's for wrapped, Spring's async executor for callable. The other flags free no waiting
     * thread here; a run that varies them is a control.
     */
    public Flag waitsOn() {
        return waitsOn;
    }

    public String path() {
        return path;
    }

    /**
     * The flags the matrix varies for this mode, the others held off: those whose threads this mode runs on (T for
     * the request's entry, and {@link #waitsOn}), and A for async and wrapped as a control: A reaches
     * {@code Callable} only, and those runs show that it changes nothing there (flags.properties says the same).
     */
    public List<Flag> relevantFlags() {
        return relevantFlags;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
