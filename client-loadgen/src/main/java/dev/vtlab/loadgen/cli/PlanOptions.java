package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import picocli.CommandLine.Option;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What a plan covers, shared by {@code matrix} and {@code capacity}: the modes, and the flags it may turn on. */
final class PlanOptions {

    @Option(names = "--modes", split = ",", converter = ModeConverter.class,
            description = "Modes to measure: sync, async, wrapped, callable (the four styles of a visit, the "
                    + "default), and fanout (a card of three reads, as --fan-out runs them).")
    List<Mode> modes;

    @Option(names = "--flags", split = ",", converter = FlagConverter.class,
            description = "Flags to vary, the others held off (default: T,A,W,R). The matrix tries every setting of "
                    + "them a mode can feel; capacity turns each on alone.")
    List<Flag> flags;

    /** The modes asked for, the four styles of a visit by default. */
    List<Mode> modes() {
        return modes == null ? Mode.visitStyles() : List.copyOf(modes);
    }

    /** The flags asked for, all four by default. */
    Set<Flag> flags() {
        return new LinkedHashSet<>(flags == null ? List.of(Flag.values()) : flags);
    }
}
