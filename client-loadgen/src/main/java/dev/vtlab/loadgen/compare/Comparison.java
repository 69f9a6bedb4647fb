package dev.vtlab.loadgen.compare;

import dev.vtlab.loadgen.load.ClientEnvironment;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What {@code compare} measured so far (written after every step, so that a run that stops early keeps it).
 *
 * @param command      the command line
 * @param started      when it began (ISO-8601)
 * @param environment  the machine and JDK (client and both servers run on this JDK and these cores)
 * @param serverJvm    the JVM options both servers were started with
 * @param delayMs      each request's two waits, each this long
 * @param heldRequests what one held request costs each server, per round
 * @param bursts       every burst, in the order fired
 * @param stoppedBy    why it ended early, or null
 */
public record Comparison(String command, String started, ClientEnvironment environment, List<String> serverJvm,
                         long delayMs, List<HeldRequestProbe.HeldRequest> heldRequests,
                         List<BurstSample.Figures> bursts, String stoppedBy) {

    public static final String VTLAB = "vtlab (T on, Tomcat, Spring MVC)";
    public static final String REFERENCE = "reference (Spring WebFlux, Netty)";

    Comparison with(HeldRequestProbe.HeldRequest held) {
        List<HeldRequestProbe.HeldRequest> all = new ArrayList<>(heldRequests);
        all.add(held);
        return new Comparison(command, started, environment, serverJvm, delayMs, List.copyOf(all), bursts, stoppedBy);
    }

    Comparison with(BurstSample.Figures burst) {
        List<BurstSample.Figures> all = new ArrayList<>(bursts);
        all.add(burst);
        return new Comparison(command, started, environment, serverJvm, delayMs, heldRequests, List.copyOf(all),
                stoppedBy);
    }

    Comparison stoppedBy(String reason) {
        return new Comparison(command, started, environment, serverJvm, delayMs, heldRequests, bursts, reason);
    }

    /** vtlab's p99 over the reference's for each round at this burst size in which both answered. */
    public List<Double> p99Ratios(int requests) {
        List<Double> ratios = new ArrayList<>();
        int rounds = bursts.stream().mapToInt(BurstSample.Figures::round).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            OptionalDouble vtlab = p99(VTLAB, requests, round);
            OptionalDouble reference = p99(REFERENCE, requests, round);
            if (vtlab.isPresent() && reference.isPresent() && reference.getAsDouble() > 0) {
                ratios.add(vtlab.getAsDouble() / reference.getAsDouble());
            }
        }
        return ratios;
    }

    private OptionalDouble p99(String server, int requests, int round) {
        return bursts.stream()
                .filter(b -> b.server().equals(server) && b.requests() == requests && b.round() == round
                        && b.succeeded() > 0)
                .mapToDouble(BurstSample.Figures::p99Ms).findFirst();
    }
}
