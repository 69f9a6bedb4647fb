package dev.vtlab.fundamentals.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The benchmarks, by the name the command line takes. */
enum Benchmark {
    CREATION("creation: start and join one thread; start 3,000 kept parked"),
    FOOTPRINT("footprint: memory per parked thread"),
    SWITCHING("switching: 250,000 synchronous round trips between two threads"),
    CONNECTION("connection: thread-per-connection Hello! servers, 100 keep-alive connections"),
    CPU("cpu: CPU-bound hashing, throughput"),
    FAIRNESS("fairness: a short task while CPU-bound tasks hold every core");

    private final String label;

    Benchmark(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    String option() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<Benchmark> parse(String name) {
        return Arrays.stream(values()).filter(b -> b.option().equals(name.strip().toLowerCase(Locale.ROOT)))
                .findFirst();
    }
}
