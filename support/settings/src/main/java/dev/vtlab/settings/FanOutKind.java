package dev.vtlab.settings;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Configuration value: how {@code /fanout} runs its independent reads ({@value VtlabSettings#FAN_OUT}), chosen in
 * the composition root; the use case that declares the reads is the same for each.
 */
public enum FanOutKind {
    /** One read after the other on the request's own thread: the baseline, its latency the sum of the branches. */
    SEQUENTIAL("sequential"),
    /** Each read a {@code CompletableFuture} on W's executor, the one {@code /wrapped} uses: W decides the threads. */
    FUTURES("futures");

    private final String label;

    FanOutKind(String label) {
        this.label = label;
    }

    /** As written in the setting, e.g. {@code futures}. */
    public String label() {
        return label;
    }

    /** Every label, in order, for the error message that refuses any other. */
    public static Set<String> labels() {
        return new LinkedHashSet<>(Arrays.stream(values()).map(FanOutKind::label).toList());
    }

    /** The way with this label; the caller has refused any other. */
    public static FanOutKind of(String label) {
        return Arrays.stream(values()).filter(kind -> kind.label.equals(label)).findFirst().orElseThrow();
    }
}
