package dev.vtlab.loadgen.load;

import java.util.List;

/** The four styles the server serves the same use case in, and the flags each one can feel. */
public enum Mode {
    SYNC("/sync", List.of(Flag.T)),
    ASYNC("/async", List.of(Flag.T, Flag.A, Flag.R)),
    WRAPPED("/wrapped", List.of(Flag.T, Flag.A, Flag.W)),
    CALLABLE("/callable", List.of(Flag.T, Flag.A));

    private final String path;
    private final List<Flag> relevantFlags;

    Mode(String path, List<Flag> relevantFlags) {
        this.path = path;
        this.relevantFlags = relevantFlags;
    }

    public String path() {
        return path;
    }

    /** The flags that can change how this mode runs ; the others are held off. */
    public List<Flag> relevantFlags() {
        return relevantFlags;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
