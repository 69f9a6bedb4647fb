package dev.vtlab.loadgen.load;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.labclient.LabLoad;
import dev.vtlab.loadgen.labclient.ServerLoad;
import dev.vtlab.loadgen.meters.MeterSnapshot;
import dev.vtlab.loadgen.meters.StandardMeter;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a rate run showed, as printed and written to JSON. Requests due in the warm-up time are sent like the others
 * and left out of every figure but {@code warmupRequests}.
 *
 * @param run      what was offered
 * @param schedule whether the client kept its schedule
 * @param outcome  what came back
 * @param writes   whether every success was saved
 * @param seconds  the run second by second, the server's samples beside the client's counts
 * @param minutes  completions and latency minute by minute (a soak compares the first with the last)
 * @param server   where it ran (the server's environment, {@code null} when its lab could not be read)
 * @param client   the load generator's side
 */
public record RateSummary(@JsonUnwrapped Run run, @JsonUnwrapped ScheduleKept schedule,
                          @JsonUnwrapped Outcome outcome, @JsonUnwrapped Writes writes, List<Second> seconds,
                          List<Minute> minutes, ServerEnvironment server, ClientEnvironment client) {

    /**
     * @param mode          the endpoint style
     * @param url           the server's base URL (credentials hidden)
     * @param offeredRate   requests per second asked for
     * @param arrivals      uniform or poisson
     * @param durationS     how long requests were due, warm-up included
     * @param warmupS       the first seconds, left out of the figures
     * @param warmupRequests requests due in them
     * @param requests      requests measured: due after the warm-up
     * @param quietWaitMs   how long the client waited for the server to hold no request before the run
     */
    public record Run(String mode, String url, double offeredRate, String arrivals, double durationS, double warmupS,
                      int warmupRequests, int requests, double quietWaitMs) {
    }

    /**
     * @param achievedSendRate requests sent per second, first to last send
     * @param lateRequests     sent more than {@link RateRun#LATE} after their due time
     * @param lagP99Ms         due to sent, p99
     * @param lagMaxMs         due to sent, the most
     * @param inFlightPeak     most requests in flight at once, warm-up included
     */
    public record ScheduleKept(double achievedSendRate, long lateRequests, double lagP99Ms, double lagMaxMs,
                               int inFlightPeak) {
    }

    /**
     * @param succeeded       answered 200
     * @param failed          everything else
     * @param failuresByCause failures by cause (connect timeout, refused, reset, request timeout, HTTP status with
     *                        the problem detail's failure)
     * @param completionRate  successes answered per second between the warm-up's end and the schedule's end
     *                        (a warm-up's requests too: in a steady state what completes then is the rate held)
     * @param latency         from the due time, of the successes: free of coordinated omission
     * @param latencyFromSend from the actual send, of the successes: what a client that waits before it sends sees
     * @param histogram       the histogram behind {@code latency}, for a histogram log (not in the JSON)
     */
    public record Outcome(long succeeded, long failed, Map<String, Long> failuresByCause, double completionRate,
                          Spectrum latency, Spectrum latencyFromSend, @JsonIgnore Histogram histogram) {
    }

    /**
     * Whether every success was saved, counted where the server counts visits.
     *
     * @param visitsSaved visits saved from before the run to after it, warm-up included; {@code null}: unknown
     * @param lostWrites  successes (warm-up included) the count does not show; {@code null}: unknown
     * @param drainMs     from the schedule's end until the server held no request; {@code null}: it did not drain
     *                    by the deadline, or its lab could not be read
     */
    public record Writes(Long visitsSaved, Long lostWrites, Double drainMs) {
    }

    /**
     * One second of the run, counted by when things happened in it.
     *
     * @param second          from the start, 0-based
     * @param offered         requests due
     * @param sent            requests sent
     * @param completed       successes answered
     * @param failed          failures ended
     * @param p50Ms           of the successes answered in it, from their due time
     * @param p99Ms           likewise
     * @param inFlight        requests sent and not ended at its end
     * @param server          what the server held at its end: in flight from its lab, the rest from its meters;
     *                        {@code null} if neither was read
     * @param labReadMs       how long the lab took to answer then, {@code null} if not read
     * @param meters          the service's standard meters at its end, by Prometheus line; {@code null} if not read
     * @param meterReadMs     how long the meters took to answer then, {@code null} if not read
     * @param meterError      why the meters did not answer then, {@code null} if they did or were not read
     */
    public record Second(int second, int offered, int sent, int completed, int failed, double p50Ms, double p99Ms,
                         int inFlight, ServerLoad server, Double labReadMs, Map<String, Double> meters,
                         Double meterReadMs, String meterError) {
    }

    /**
     * One minute of the run (the last may be shorter), by when requests were due.
     *
     * @param minute    from the start, 0-based
     * @param completed successes
     * @param failed    failures
     * @param p50Ms     of the successes, from their due time
     * @param p99Ms     likewise
     */
    public record Minute(int minute, int completed, int failed, double p50Ms, double p99Ms) {
    }

    /** Whether every measured request succeeded and no write was lost (as far as the count could be read). */
    public boolean clean() {
        return outcome.failed() == 0 && (writes.lostWrites() == null || writes.lostWrites() == 0);
    }

    /**
     * Sums up {@code recording}, leaving out what was due in the first {@code warmup}.
     *
     * @param visitsSaved visits the server saved from before the run to after it, {@code null}: unknown
     * @param quietAfter  how long the server took to hold no request once the last request had ended, {@code
     *                    null}: unknown
     */
    public static RateSummary of(RateRun.Recording recording, Schedule schedule, Duration warmup, String mode,
                                 String url, double quietWaitMs, ServerEnvironment server, Long visitsSaved,
                                 Duration quietAfter) {
        long[] due = recording.dueNanos();
        long warmupMicros = warmup.toNanos() / 1000;
        Histogram fromDue = Spectrum.histogram();
        Histogram fromSend = Spectrum.histogram();
        Histogram lag = Spectrum.histogram();
        List<RequestResult> measured = new ArrayList<>();
        long late = 0;
        long firstSent = Long.MAX_VALUE;
        long lastSent = 0;
        for (RequestResult r : recording.requests()) {
            long dueMicros = due[r.id()] / 1000;
            if (dueMicros < warmupMicros) {
                continue;
            }
            measured.add(r);
            long lagMicros = r.startMicros() - dueMicros;
            Spectrum.record(lag, lagMicros);
            if (lagMicros > RateRun.LATE.toNanos() / 1000) {
                late++;
            }
            firstSent = Math.min(firstSent, r.startMicros());
            lastSent = Math.max(lastSent, r.startMicros());
            if (r.succeeded()) {
                Spectrum.record(fromDue, r.endMicros() - dueMicros);
                Spectrum.record(fromSend, r.latencyMicros());
            }
        }
        int requests = measured.size();
        long succeeded = measured.stream().filter(RequestResult::succeeded).count();
        double sendSpanS = (lastSent - firstSent) / 1e6;
        long windowEnd = schedule.duration().toNanos() / 1000;
        long completedInWindow = recording.requests().stream()
                .filter(r -> r.succeeded() && r.endMicros() >= warmupMicros && r.endMicros() < windowEnd).count();
        double windowS = (windowEnd - warmupMicros) / 1e6;
        Spectrum lags = Spectrum.of(lag);
        return new RateSummary(
                new Run(mode, url, schedule.rate(), schedule.arrivals().label(), schedule.duration().toMillis() / 1000.0,
                        warmup.toMillis() / 1000.0, due.length - requests, requests, quietWaitMs),
                new ScheduleKept(requests > 1 && sendSpanS > 0 ? (requests - 1) / sendSpanS : 0, late,
                        lags.p99Ms(), lags.maxMs(), recording.inFlightPeak()),
                new Outcome(succeeded, requests - succeeded, RequestResult.failuresByCause(measured),
                        windowS > 0 ? completedInWindow / windowS : 0, Spectrum.of(fromDue),
                        Spectrum.of(fromSend), fromDue),
                new Writes(visitsSaved, visitsSaved == null ? null : Math.max(0, recording.requests().stream()
                        .filter(RequestResult::succeeded).count() - visitsSaved),
                        quietAfter == null ? null : Math.max(0, recording.finishedMicros() / 1000.0
                                - schedule.duration().toMillis() + quietAfter.toNanos() / 1e6)),
                seconds(recording), minutes(recording, measured), server, ClientEnvironment.current());
    }

    private static List<Second> seconds(RateRun.Recording recording) {
        long[] due = recording.dueNanos();
        long lastEnd = recording.requests().stream().mapToLong(RequestResult::endMicros).max().orElse(0);
        int count = (int) (lastEnd / 1_000_000) + 1;
        int[] offered = new int[count];
        int[] sent = new int[count];
        int[] completed = new int[count];
        int[] failed = new int[count];
        int[] inFlightDelta = new int[count + 1];
        Histogram[] latency = new Histogram[count];
        for (RequestResult r : recording.requests()) {
            offered[(int) Math.min(count - 1, due[r.id()] / 1_000_000_000L)]++;
            int sentAt = (int) (r.startMicros() / 1_000_000);
            int endAt = (int) (r.endMicros() / 1_000_000);
            sent[sentAt]++;
            inFlightDelta[sentAt]++;
            inFlightDelta[endAt]--;
            if (r.succeeded()) {
                completed[endAt]++;
                if (latency[endAt] == null) {
                    latency[endAt] = Spectrum.histogram();
                }
                Spectrum.record(latency[endAt], r.endMicros() - due[r.id()] / 1000);
            } else {
                failed[endAt]++;
            }
        }
        Map<Integer, RateRun.ServerSample> samples = new HashMap<>();
        recording.samples().forEach(s -> samples.put(s.second(), s));
        Map<Integer, MeterSampler.Sample> meterSamples = new HashMap<>();
        recording.meterSamples().forEach(s -> meterSamples.put(s.second(), s));
        List<Second> rows = new ArrayList<>();
        int inFlight = 0;
        for (int s = 0; s < count; s++) {
            inFlight += inFlightDelta[s];
            Spectrum l = latency[s] == null ? Spectrum.of(Spectrum.histogram()) : Spectrum.of(latency[s]);
            RateRun.ServerSample sample = samples.get(s + 1);
            MeterSampler.Sample meters = meterSamples.get(s + 1);
            rows.add(new Second(s, offered[s], sent[s], completed[s], failed[s], l.p50Ms(), l.p99Ms(), inFlight,
                    serverLoad(sample == null ? null : sample.load(), meters == null ? null : meters.meters()),
                    sample == null ? null : sample.readMs(),
                    meters == null || meters.meters() == null ? null : meters.meters().byPrometheusLine(),
                    meters == null ? null : meters.readMs(), meters == null ? null : meters.error()));
        }
        return rows;
    }

    /**
     * What the server held at one second: the lab's requests in flight, the rest from its meters; {@code null} when
     * neither was read.
     */
    static ServerLoad serverLoad(LabLoad lab, MeterSnapshot meters) {
        if (lab == null && meters == null) {
            return null;
        }
        return new ServerLoad(lab == null ? null : lab.inFlight(),
                meters == null ? null : asLong(meters.sum(StandardMeter.TOMCAT_CONNECTIONS, any -> true)
                        .orElse(meters.sum(StandardMeter.JETTY_CONNECTIONS, any -> true).orElse(Double.NaN))),
                meters == null ? null : asLong(meters.value(StandardMeter.HEAP_USED, "heap").orElse(Double.NaN)),
                meters == null ? null : asInt(meters.value(StandardMeter.LIVE_THREADS, "").orElse(Double.NaN)),
                meters == null ? null : asInt(meters.sum(StandardMeter.HIKARI_ACTIVE, any -> true).orElse(Double.NaN)),
                meters == null ? null : asInt(meters.sum(StandardMeter.HIKARI_PENDING, any -> true).orElse(Double.NaN)),
                meters == null ? null : asLong(meters.value(StandardMeter.PROCESS_CPU_TIME, "").orElse(Double.NaN)));
    }

    private static Long asLong(double value) {
        return Double.isNaN(value) ? null : Math.round(value);
    }

    private static Integer asInt(double value) {
        return Double.isNaN(value) ? null : (int) Math.round(value);
    }

    private static List<Minute> minutes(RateRun.Recording recording, List<RequestResult> measured) {
        long[] due = recording.dueNanos();
        Map<Integer, Histogram> latency = new HashMap<>();
        Map<Integer, int[]> counts = new HashMap<>();
        int last = 0;
        for (RequestResult r : measured) {
            int minute = (int) (due[r.id()] / 60_000_000_000L);
            last = Math.max(last, minute);
            int[] c = counts.computeIfAbsent(minute, m -> new int[2]);
            if (r.succeeded()) {
                c[0]++;
                Spectrum.record(latency.computeIfAbsent(minute, m -> Spectrum.histogram()),
                        r.endMicros() - due[r.id()] / 1000);
            } else {
                c[1]++;
            }
        }
        List<Minute> rows = new ArrayList<>();
        for (int m = 0; m <= last && !measured.isEmpty(); m++) {
            int[] c = counts.getOrDefault(m, new int[2]);
            Spectrum l = Spectrum.of(latency.getOrDefault(m, Spectrum.histogram()));
            rows.add(new Minute(m, c[0], c[1], l.p50Ms(), l.p99Ms()));
        }
        return rows;
    }
}
