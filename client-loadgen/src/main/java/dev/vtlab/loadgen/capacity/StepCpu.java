package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.load.MeterSampler;
import dev.vtlab.loadgen.load.RateRun;
import dev.vtlab.loadgen.load.RequestResult;
import dev.vtlab.loadgen.meters.StandardMeter;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one request of a step cost each side in CPU time, over the step's steady part: from the once-a-second read
 * at the end of its warm-up to the read at its end, divided by the requests that ended in between. Read before and
 * after the whole step instead, the server's CPU time also held what the step's start, its drain and the quiet
 * waits around it cost, and came out above one core a second on a server pinned to one core.
 *
 * @param serverMsPerRequest the server's CPU time a request (its process's, from its meters), {@code null} when
 *                           they were not read
 * @param clientMsPerRequest the load generator's
 */
record StepCpu(Double serverMsPerRequest, double clientMsPerRequest) {

    /**
     * The steady part's costs, from the reads at {@code fromSecond} and {@code toSecond} of the run; empty when
     * either read is missing or no request ended between them.
     */
    static Optional<StepCpu> steady(RateRun.Recording recording, long fromSecond, long toSecond) {
        Optional<MeterSampler.Sample> from = at(recording.meterSamples(), fromSecond);
        Optional<MeterSampler.Sample> to = at(recording.meterSamples(), toSecond);
        if (from.isEmpty() || to.isEmpty() || toSecond <= fromSecond) {
            return Optional.empty();
        }
        long fromMicros = fromSecond * 1_000_000;
        long toMicros = toSecond * 1_000_000;
        long ended = recording.requests().stream().map(RequestResult::endMicros)
                .filter(end -> end >= fromMicros && end < toMicros).count();
        if (ended == 0) {
            return Optional.empty();
        }
        OptionalDouble serverFrom = serverCpuNanos(from.get());
        OptionalDouble serverTo = serverCpuNanos(to.get());
        Double server = serverFrom.isPresent() && serverTo.isPresent()
                ? (serverTo.getAsDouble() - serverFrom.getAsDouble()) / 1e6 / ended : null;
        double client = (to.get().clientCpuNanos() - from.get().clientCpuNanos()) / 1e6 / ended;
        return Optional.of(new StepCpu(server, client));
    }

    /** The load generator's cost alone, over a whole step of {@code requests}: when the meters were not read. */
    static StepCpu clientOnly(long clientCpuNanos, int requests) {
        return new StepCpu(null, requests == 0 ? 0 : clientCpuNanos / 1e6 / requests);
    }

    private static Optional<MeterSampler.Sample> at(List<MeterSampler.Sample> samples, long second) {
        return samples.stream().filter(s -> s.second() == second).findFirst();
    }

    private static OptionalDouble serverCpuNanos(MeterSampler.Sample sample) {
        return sample.meters() == null ? OptionalDouble.empty()
                : sample.meters().value(StandardMeter.PROCESS_CPU_TIME, "");
    }
}
