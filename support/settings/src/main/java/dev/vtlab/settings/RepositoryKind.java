package dev.vtlab.settings;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/** Configuration value: which persistence adapter serves the port ({@value VtlabSettings#REPOSITORY_KIND}). */
public enum RepositoryKind {
    /** In memory; each call sleeps like slow I/O. */
    SLEEPY("sleepy"),
    /** The visit store, another process, over HTTP. */
    HTTP("http"),
    /** A database through a HikariCP pool. */
    JDBC("jdbc");

    private final String label;

    RepositoryKind(String label) {
        this.label = label;
    }

    /** As written in the setting, e.g. {@code jdbc}. */
    public String label() {
        return label;
    }

    /** Every label, in order, for the error message that refuses any other. */
    public static Set<String> labels() {
        return new LinkedHashSet<>(Arrays.stream(values()).map(RepositoryKind::label).toList());
    }

    /** The kind with this label; the caller has refused any other. */
    public static RepositoryKind of(String label) {
        return Arrays.stream(values()).filter(kind -> kind.label.equals(label)).findFirst().orElseThrow();
    }
}
