package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which servers to start and which modes to measure on each. A mode is measured once per distinct setting of
 * the flags relevant to it (sync: T; async: T, A, R; wrapped: T, A, W; callable: T, A), with every other flag
 * off: 2 + 8 + 8 + 4 = 22 runs on 12 servers for the whole matrix, not 64 runs.
 *
 * @param servers each combination to start, with the modes to measure on it, in order
 */
public record ExperimentPlan(Map<Combination, List<Mode>> servers) {

    /**
     * @param modes the modes to measure
     * @param varied the flags to vary (others held off), e.g. all four, or {@code T, R}
     */
    public static ExperimentPlan of(List<Mode> modes, Set<Flag> varied) {
        Map<Combination, List<Mode>> servers = new LinkedHashMap<>();
        for (Mode mode : modes) {
            List<Flag> flags = mode.relevantFlags().stream().filter(varied::contains).toList();
            for (int bits = 0; bits < 1 << flags.size(); bits++) {
                Combination combination = new Combination(false, false, false, false);
                for (int i = 0; i < flags.size(); i++) {
                    combination = combination.with(flags.get(i), (bits >> (flags.size() - 1 - i) & 1) == 1);
                }
                servers.computeIfAbsent(combination, any -> new ArrayList<>()).add(mode);
            }
        }
        return sorted(servers);
    }

    /** A plan of {@code servers}, started in the order of their labels (all off first). */
    public static ExperimentPlan sorted(Map<Combination, List<Mode>> servers) {
        Map<Combination, List<Mode>> ordered = new LinkedHashMap<>();
        servers.keySet().stream().sorted(Comparator.comparing(Combination::label))
                .forEach(c -> ordered.put(c, List.copyOf(servers.get(c))));
        return new ExperimentPlan(ordered);
    }

    /** How many (combination, mode) runs the plan has. */
    public int runCount() {
        return servers.values().stream().mapToInt(List::size).sum();
    }

    /** How many runs the plan takes with each (combination, mode) measured {@code repeats} times. */
    public int runCount(int repeats) {
        return runCount() * repeats;
    }
}
