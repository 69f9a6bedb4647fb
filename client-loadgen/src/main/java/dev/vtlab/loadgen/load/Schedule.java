package dev.vtlab.loadgen.load;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * When each request of a rate run is due, in nanoseconds from the run's start: every due time before
 * {@code duration}, at {@code rate} requests a second on average. The load generator sends each at its due time
 * whatever the server does (an open model), and times it from there.
 *
 * @param rate     requests per second, above 0
 * @param duration how long requests keep coming
 * @param arrivals uniform or Poisson spacing
 * @param seed     the Poisson draws' seed, so that a run can be repeated exactly
 */
public record Schedule(double rate, Duration duration, Arrivals arrivals, long seed) {

    public static final long DEFAULT_SEED = 42;

    public Schedule {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("rate must be above 0, was " + rate);
        }
    }

    /** The due times, ascending, each below the duration. */
    public long[] dueNanos() {
        long end = duration.toNanos();
        double gap = 1e9 / rate;
        if (arrivals == Arrivals.UNIFORM) {
            int count = (int) Math.ceil(end / gap);
            long[] due = new long[count];
            for (int i = 0; i < count; i++) {
                due[i] = Math.round(i * gap);
            }
            return due;
        }
        SplittableRandom random = new SplittableRandom(seed);
        long[] due = new long[(int) Math.ceil(end / gap * 1.2) + 16];
        int count = 0;
        double at = 0;
        while (true) {
            at += -Math.log(1 - random.nextDouble()) * gap;
            if (at >= end) {
                break;
            }
            if (count == due.length) {
                due = Arrays.copyOf(due, due.length * 2);
            }
            due[count++] = Math.round(at);
        }
        return Arrays.copyOf(due, count);
    }
}
