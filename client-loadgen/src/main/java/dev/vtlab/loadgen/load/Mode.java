package dev.vtlab.loadgen.load;

import java.util.List;

/** The four styles the server serves the same use case in, and the flags each one can feel. */
public enum Mode {
    SYNC("/sync", List.of('T')),
    ASYNC("/async", List.of('T', 'A', 'R')),
    WRAPPED("/wrapped", List.of('T', 'A', 'W')),
    CALLABLE("/callable", List.of('T', 'A'));

    private final String path;
    private final List<Character> relevantFlags;

    Mode(String path, List<Character> relevantFlags) {
        this.path = path;
        this.relevantFlags = relevantFlags;
    }

    public String path() {
        return path;
    }

    /** The flags that can change how this mode runs (T, A, W, R); the others are held off. */
    public List<Character> relevantFlags() {
        return relevantFlags;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
