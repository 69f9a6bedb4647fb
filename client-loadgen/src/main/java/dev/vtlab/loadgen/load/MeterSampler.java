package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.meters.MeterSnapshot;
import dev.vtlab.loadgen.meters.MeterSource;
import dev.vtlab.loadgen.meters.MetersUnavailableException;
import dev.vtlab.loadgen.meters.StandardMeter;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Reads a service's meters once a second, on a virtual thread of its own, from {@link #start} until {@link #stop}:
 * apart from the lab, so that a slow lab delays no read. Rate runs keep every read, bursts the peaks (a burst over
 * within its first second is read not at all: each read costs the server a scrape, and a burst is what is measured).
 */
public final class MeterSampler {

    /** The meters whose peak a run reports: how full each pool got, and how many waited for it. */
    public static final List<String> WATCHED = List.of(StandardMeter.TOMCAT_THREADS_BUSY,
                    StandardMeter.TOMCAT_CONNECTIONS, StandardMeter.JETTY_THREADS_BUSY, StandardMeter.JETTY_THREADS_JOBS,
                    StandardMeter.HIKARI_ACTIVE, StandardMeter.HIKARI_PENDING, StandardMeter.EXECUTOR_ACTIVE,
                    StandardMeter.EXECUTOR_QUEUED, StandardMeter.FORK_JOIN_ACTIVE, StandardMeter.FORK_JOIN_QUEUED,
                    StandardMeter.VIRTUAL_THREADS).stream()
            .map(meter -> meter.prometheusName() + (meter.keyTag() == null ? "" : "{")).toList();
    /**
     * The service's meters, read once a second.
     *
     * @param second seconds from the start
     * @param meters what they read, {@code null} when they did not answer
     * @param readMs how long they took to answer (or to fail)
     * @param error  why they did not answer, {@code null} when they did
     * @param clientCpuNanos the load generator's own CPU time as the read began: beside the service's CPU time in
     *                       {@code meters}, each side's CPU over any whole seconds of a run
     */
    public record Sample(int second, MeterSnapshot meters, double readMs, String error, long clientCpuNanos) {
    }

    private final EverySecond<Sample> reads;

    private MeterSampler(MeterSource meters, long startNanos) {
        this.reads = EverySecond.start("meter-sampler", startNanos, second -> read(meters, second));
    }

    /** Reads {@code meters} at each whole second from {@code startNanos} ({@link System#nanoTime()}). */
    public static MeterSampler start(MeterSource meters, long startNanos) {
        return new MeterSampler(meters, startNanos);
    }

    /** Stops reading (a read under way ends first, within the meters' timeout) and returns every read. */
    public List<Sample> stop() throws InterruptedException {
        return reads.stop();
    }

    /** The peak of each {@link #WATCHED} line over the reads {@code samples} answered; empty when none did. */
    public static Map<String, Double> peaks(List<Sample> samples) {
        return peaksOf(samples.stream().map(Sample::meters).filter(Objects::nonNull)
                .map(MeterSnapshot::byPrometheusLine).toList());
    }

    /** The most {@code line} read over {@code reads} (each by Prometheus line), {@code null} when none had it. */
    public static Double peak(List<Map<String, Double>> reads, String line) {
        return reads.stream().map(read -> read.get(line)).filter(Objects::nonNull).max(Double::compare).orElse(null);
    }

    /** The peak of each {@link #WATCHED} line over {@code reads}, each by Prometheus line. */
    public static Map<String, Double> peaksOf(List<Map<String, Double>> reads) {
        Map<String, Double> peaks = new TreeMap<>();
        reads.forEach(lines -> lines.forEach((line, value) -> {
            if (WATCHED.stream().anyMatch(line::startsWith)) {
                peaks.merge(line, value, Math::max);
            }
        }));
        return peaks;
    }

    private static Sample read(MeterSource meters, int second) throws InterruptedException {
        long clientCpu = ClientEnvironment.cpuNanos();
        long asked = System.nanoTime();
        try {
            MeterSnapshot read = meters.read();
            return new Sample(second, read, read.readMs(), null, clientCpu);
        } catch (MetersUnavailableException e) {
            return new Sample(second, null, (System.nanoTime() - asked) / 1e6, e.getMessage(), clientCpu);
        }
    }
}
