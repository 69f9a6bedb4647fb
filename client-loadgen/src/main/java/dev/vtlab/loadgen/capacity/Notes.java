package dev.vtlab.loadgen.capacity;

import java.util.Locale;

/** What a capacity result needs said beside its numbers: which assumption failed, or what bounds the result. */
final class Notes {

    private Notes() {
    }

    /** The note for {@code run}, or {@code null} when the prediction held and nothing bounds the result. */
    static String of(CapacityRun run, long floorMs, double stepSeconds) {
        Ceiling predicted = run.predicted();
        if (run.sustainedRate() == null) {
            CapacityStep lowest = run.steps().stream().min((a, b) -> Double.compare(a.offeredRate(), b.offeredRate()))
                    .orElseThrow();
            return "no step held: even " + CapacityRun.rate(lowest.offeredRate()) + " req/s broke the rule ("
                    + String.join(", ", lowest.broken()) + ")";
        }
        if (run.firstNotHeldRate() == null) {
            return "every step held, up to " + CapacityRun.rate(run.sustainedRate()) + " req/s, the most the search "
                    + "offers (--max-rate): the capacity is at least that";
        }
        CapacityStep knee = run.steps().stream().filter(s -> s.offeredRate() == run.firstNotHeldRate()).findFirst()
                .orElseThrow();
        if (predicted.resource().cpu()) {
            Double kneeCpuMs = knee.cpuMsPerRequest(predicted.resource());
            return String.format(Locale.ROOT, "no pool or executor in this path binds first: the CPU does, predicted "
                            + "from %.3f ms of CPU a request (%s) on %.0f cores; at %s req/s, the first step that did "
                            + "not hold, a request cost %s ms and the load generator's send lag p99 was %.1f ms",
                    predicted.holdSeconds() * 1000,
                    switch (predicted.resource()) {
                        case CPU -> "server and load generator together";
                        case SERVER_CPU -> "the server's, on cores of its own";
                        default -> "the load generator's, on cores of its own: it binds before the server";
                    }, predicted.size(), CapacityRun.rate(knee.offeredRate()),
                    kneeCpuMs == null ? "-" : String.format(Locale.ROOT, "%.3f", kneeCpuMs), knee.lagP99Ms());
        }
        if (run.onTarget()) {
            return null;
        }
        if (run.ratio() < CapacityRun.LOW) {
            String cpu = run.cpu().filter(c -> c.rate() < 1.5 * predicted.rate())
                    .map(c -> String.format(Locale.ROOT, "; the CPU was close (%s req/s at %.3f ms a request, %s)",
                            CapacityRun.rate(c.rate()), c.holdSeconds() * 1000, c.resource().label()))
                    .orElse("");
            return String.format(Locale.ROOT, "measured below the prediction: it assumes a request holds the %s for "
                            + "the floor (%d ms) and nothing else binds; at %s req/s, the first step that did not hold, "
                            + "p50 was %.0f ms%s", predicted.resource().label(), floorMs,
                    CapacityRun.rate(knee.offeredRate()), knee.p50Ms(), cpu);
        }
        return String.format(Locale.ROOT, "measured above the prediction: more than %.0f requests held the %s at once, "
                        + "or each held it for less than the floor (%d ms); and a step of %.0f s lets a queue grow only "
                        + "so far before its p99 passes %.1f x the floor", predicted.size(), predicted.resource().label(),
                floorMs, stepSeconds, HoldRule.P99_OVER_FLOOR);
    }
}
