package dev.vtlab.loadgen.load;

import java.util.Arrays;
import java.util.Locale;

/** How a rate run spaces its requests. */
public enum Arrivals {
    /** Request i is due at start + i / rate: the steady rate of wrk2 and vegeta. */
    UNIFORM,
    /** Gaps drawn from an exponential distribution of mean 1 / rate (a Poisson process), from a fixed seed. */
    POISSON;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The arrivals named {@code label}; throws naming the choices. */
    public static Arrivals of(String label) {
        return Arrays.stream(values()).filter(a -> a.label().equals(label.strip().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("'" + label + "' is not uniform or poisson"));
    }
}
