package dev.vtlab.loadgen.capacity;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.vtlab.loadgen.labclient.ServerEnvironment;

import dev.vtlab.loadgen.load.Mode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One (combination, mode) of a capacity search: every step, the rate it sustained, and Little's law beside it.
 *
 * @param flags        e.g. {@code T1 A0 W0 R0}
 * @param mode         e.g. {@code sync}
 * @param status       {@code OK}, {@code SERVER_FAILED} (it did not start, or never drained), or {@code NOT_RUN}
 * @param message      why it is not OK, else {@code null}
 * @param steps        every step in the order it ran
 * @param sustainedRate the highest offered rate that held, {@code null} if none did
 * @param firstNotHeldRate the lowest that did not, {@code null} if every step held
 * @param predicted    the binding ceiling, {@code null} when the server could not be read
 * @param ceilings     every ceiling, lowest first (the CPU's from the machine's CPU time per request, server
 *                     and load generator, or, apart, the server's on its cores and the load generator's on its
 *                     own, measured at the highest step that held)
 * @param ratio        sustained / predicted rate, {@code null} when either is missing
 * @param note         which assumption failed when a sized resource's ratio is outside 0.85 to 1.15, or what
 *                     bounds the result; {@code null} when there is nothing to say
 * @param server       the server's environment, as its lab reported it
 * @param meters       what the server's standard meters say about the binding resource, {@code null} when no meter
 *                     stands for it or they were not read
 */
public record CapacityRun(String flags, String mode, String status, String message, List<CapacityStep> steps,
                          Double sustainedRate, Double firstNotHeldRate, Ceiling predicted, List<Ceiling> ceilings,
                          Double ratio, String note, ServerEnvironment server, MeterView meters) {

    /** The ratio a sized resource's prediction must reach at least, and at most. */
    public static final double LOW = 0.85;
    public static final double HIGH = 1.15;

    /** A run that measured nothing. */
    static CapacityRun notMeasured(String flags, String mode, String status, String message,
                                   List<CapacityStep> steps, ServerEnvironment server) {
        return new CapacityRun(flags, mode, status, message, steps, null, null, null, List.of(), null, null, server,
                null);
    }

    /**
     * A run whose steps ran: the sustained rate, and Little's law from {@code server} with the CPU time measured at
     * the highest step that held (or the first step, when none held): the machine's, or, when the server runs on
     * cores of its own ({@code loadGeneratorCores} the others), the server's on its cores and the load generator's
     * on its own.
     */
    static CapacityRun measured(String flags, Mode mode, List<CapacityStep> steps, ServerEnvironment server,
                                double stepSeconds, Integer loadGeneratorCores) {
        List<RateLadder.Rung> rungs = steps.stream().map(CapacityStep::rung).toList();
        Double sustained = boxed(RateLadder.sustained(rungs));
        Double notHeld = boxed(RateLadder.firstNotHeld(rungs));
        CapacityStep reference = steps.stream().filter(s -> sustained != null && s.offeredRate() == sustained)
                .findFirst().orElse(steps.getFirst());
        List<Ceiling> ceilings = ceilings(server, mode, reference, loadGeneratorCores);
        Ceiling predicted = ceilings.getFirst();
        Double ratio = sustained == null ? null : sustained / predicted.rate();
        CapacityStep knee = steps.stream().filter(s -> !s.held()).findFirst().orElse(steps.getLast());
        MeterView meters = MeterView.of(predicted, reference.meterCeilings(), knee).orElse(null);
        CapacityRun run = new CapacityRun(flags, mode.label(), "OK", null, steps, sustained, notHeld, predicted,
                ceilings, ratio, null, server, meters);
        return run.withNote(Notes.of(run, mode.floorMs(server), stepSeconds));
    }

    /**
     * Every ceiling a request of {@code mode} meets on {@code server}, lowest first, the CPU's from what a request
     * cost at {@code step}: the machine's cores over both sides' CPU time, or, when the server runs on cores of its
     * own ({@code loadGeneratorCores} the others), its cores over its own and the load generator's over its own.
     */
    static List<Ceiling> ceilings(ServerEnvironment server, Mode mode, CapacityStep step,
                                  Integer loadGeneratorCores) {
        Resource cpu = loadGeneratorCores == null ? Resource.CPU : Resource.SERVER_CPU;
        Double cpuMs = step.cpuMsPerRequest(cpu);
        List<Ceiling> ceilings = LittlesLaw.ceilings(server, mode, cpuMs == null ? null : cpuMs / 1000, cpu);
        return loadGeneratorCores == null ? ceilings : LittlesLaw.withLoadGenerator(ceilings, loadGeneratorCores,
                step.cpuMsPerRequest(Resource.LOADGEN_CPU) / 1000);
    }

    private CapacityRun withNote(String text) {
        return new CapacityRun(flags, mode, status, message, steps, sustainedRate, firstNotHeldRate, predicted,
                ceilings, ratio, text, server, meters);
    }

    private static Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }

    /** The CPU's ceiling among {@link #ceilings}, if the CPU time was measured. */
    @JsonIgnore
    public Optional<Ceiling> cpu() {
        return ceilings.stream().filter(c -> c.resource().cpu()).findFirst();
    }

    /** Whether the ratio is inside the target (only said for a resource the target applies to). */
    @JsonIgnore
    public boolean onTarget() {
        return ratio != null && ratio >= LOW && ratio <= HIGH;
    }

    /** e.g. {@code 1,250 req/s}; a dash for none. */
    public static String rate(Double rate) {
        if (rate == null) {
            return "-";
        }
        return rate >= 10 ? String.format(Locale.ROOT, "%,.0f", rate) : String.format(Locale.ROOT, "%.1f", rate);
    }
}
