package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.vtlab.loadgen.load.Flag;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How the server runs {@code /fanout}'s three reads, as its {@code vtlab.fan-out} names it, and where their threads
 * come from: what a fanout run's verdicts are read against.
 */
public enum FanOutWay {
    /** One after the other on the request's thread: T decides them. */
    SEQUENTIAL("sequential", Flag.T),
    /** {@code CompletableFuture}s on W's executor: W decides the branches' threads, T the request's, which waits. */
    FUTURES("futures", Flag.W),
    /** A {@code StructuredTaskScope} (a preview API up to JDK 25: its server runs with {@code --enable-preview}). */
    STRUCTURED("structured", null);

    private final String label;
    private final Flag branchesOn;

    FanOutWay(String label, Flag branchesOn) {
        this.label = label;
        this.branchesOn = branchesOn;
    }

    /** As the server's setting and the results write it. */
    @JsonValue
    public String label() {
        return label;
    }

    /** The flag whose threads run the reads; empty where the way makes its own. */
    public Optional<Flag> branchesOn() {
        return Optional.ofNullable(branchesOn);
    }

    /** The server JVM's options this way needs. */
    public List<String> jvmOptions() {
        return this == STRUCTURED ? List.of("--enable-preview") : List.of();
    }

    public static Optional<FanOutWay> parse(String label) {
        return Arrays.stream(values()).filter(w -> w.label.equalsIgnoreCase(label.strip())).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(FanOutWay::label).toList();
    }
}
