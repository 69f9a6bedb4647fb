package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.ExperimentPlan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which (combination, mode) a capacity search measures: for each mode, every flag off, the flag whose threads wait
 * in it ({@link Mode#waitsOn}) on, and T on where T is not that flag (the control: T frees no waiting thread
 * there). Sync T off/on, async R off/on, wrapped W off/on, callable A off/on and T on for the last three: 11 runs
 * on 5 servers, where the burst matrix has 22.
 */
public final class CapacityPlan {

    private CapacityPlan() {
    }

    /** The plan for {@code modes}, turning on only the flags in {@code varied}. */
    public static ExperimentPlan of(List<Mode> modes, Set<Flag> varied) {
        Map<Combination, List<Mode>> servers = new LinkedHashMap<>();
        Combination off = new Combination(false, false, false, false);
        for (Mode mode : modes) {
            List<Combination> combinations = new ArrayList<>(List.of(off));
            if (varied.contains(mode.waitsOn())) {
                combinations.add(off.with(mode.waitsOn(), true));
            }
            if (mode.waitsOn() != Flag.T && varied.contains(Flag.T)) {
                combinations.add(off.with(Flag.T, true));
            }
            for (Combination combination : combinations) {
                servers.computeIfAbsent(combination, any -> new ArrayList<>()).add(mode);
            }
        }
        return ExperimentPlan.sorted(servers);
    }
}
