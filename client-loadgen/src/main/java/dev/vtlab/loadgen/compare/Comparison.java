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
 * @param environment  the machine and JDK (client and every server run on this JDK and these cores)
 * @param serverJvm    the JVM options every server was started with
 * @param delayMs      each request's two waits, each this long
 * @param heldRequests what one held request costs each server, per round
 * @param bursts       every burst, in the order fired
 * @param stoppedBy    why it ended early, or null
 */
public record Comparison(String command, String started, ClientEnvironment environment, List<String> serverJvm,
                         long delayMs, List<HeldRequestProbe.HeldRequest> heldRequests,
                         List<BurstSample.Figures> bursts, String stoppedBy) {

    public static final String VTLAB = Challenger.TOMCAT.reportName();
    public static final String REFERENCE = "reference (Spring WebFlux, Netty)";

    /** The vtlab servers measured, in the order they were first: the reference's challengers. */
    public List<String> vtlabServers() {
        return bursts.stream().map(BurstSample.Figures::server).filter(server -> !server.equals(REFERENCE)).distinct()
                .toList();
    }

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

    /** Tomcat's vtlab's p99 over the reference's for each round at this burst size in which both answered. */
    public List<Double> p99Ratios(int requests) {
        return p99Ratios(VTLAB, requests);
    }

    /** {@code vtlab}'s p99 over the reference's for each round at this burst size in which both answered. */
    public List<Double> p99Ratios(String vtlab, int requests) {
        List<Double> ratios = new ArrayList<>();
        int rounds = bursts.stream().mapToInt(BurstSample.Figures::round).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            OptionalDouble challenger = p99(vtlab, requests, round);
            OptionalDouble reference = p99(REFERENCE, requests, round);
            if (challenger.isPresent() && reference.isPresent() && reference.getAsDouble() > 0) {
                ratios.add(challenger.getAsDouble() / reference.getAsDouble());
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
