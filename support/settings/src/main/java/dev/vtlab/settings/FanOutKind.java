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
    FUTURES("futures"),
    /**
     * Each read forked in a {@code StructuredTaskScope} (JDK 25's preview API) on virtual threads: on a failure or the
     * deadline the scope interrupts the others, and none runs on after the answer. Needs JDK 25 started with
     * {@code --enable-preview}; elsewhere start-up stops naming {@value VtlabSettings#FAN_OUT}.
     */
    STRUCTURED("structured");

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
