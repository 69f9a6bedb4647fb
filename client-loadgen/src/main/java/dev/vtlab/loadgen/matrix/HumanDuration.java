package dev.vtlab.loadgen.matrix;

import java.time.Duration;

/** Durations for people: {@code 42 s}, {@code 4 min 50 s}. */
public final class HumanDuration {

    private HumanDuration() {
    }

    public static String of(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? (s / 60) + " min " + (s % 60) + " s" : s + " s";
    }
}
