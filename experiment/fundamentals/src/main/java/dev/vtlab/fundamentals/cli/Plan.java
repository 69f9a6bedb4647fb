package dev.vtlab.fundamentals.cli;

import java.time.Duration;

/**
 * How big and how often: the sizes of one mode of the benchmarks.
 *
 * @param name               quick, full or smoke
 * @param forks              JMH forks per benchmark (0: in this JVM, for the smoke test)
 * @param iterations         JMH warm-up and measurement iterations
 * @param iterationTime      JMH time per iteration (timed modes)
 * @param roundTrips         switching: round trips per measurement
 * @param parked             creation: threads started and kept parked per measurement
 * @param hashTasks          hashing: tasks per batch
 * @param hashBytes          hashing: bytes each task hashes per round
 * @param footprintThreads   footprint: threads of each kind (shallow and deep stack)
 * @param footprintVirtualMax footprint: the large count of virtual threads (shallow stack)
 * @param deepStack          footprint: frames of the deep stack
 * @param connections        thread per connection: keep-alive connections
 * @param requests           thread per connection: requests per round
 * @param probeRepeats       how many times each probe runs (median and range reported)
 * @param busyMillis         fairness: how long each CPU-bound task runs
 */
record Plan(String name, int forks, int iterations, Duration iterationTime, int roundTrips, int parked, int hashTasks,
            int hashBytes, int footprintThreads, int footprintVirtualMax, int deepStack, int connections, int requests,
            int probeRepeats, long busyMillis) {

    /** At most 5 minutes on 2 cores: one fork, 3 iterations, the seed's sizes but 100,000 virtual threads. */
    static final Plan QUICK = new Plan("quick", 1, 3, Duration.ofSeconds(1), 250_000, 3000, 64, 16384, 10_000,
            100_000, 100, 100, 50_000, 1, 1000);
    /** The page's figures: two forks, 5 iterations, 1,000,000 virtual threads, every probe three times. */
    static final Plan FULL = new Plan("full", 2, 5, Duration.ofSeconds(1), 250_000, 3000, 64, 16384, 10_000,
            1_000_000, 100, 100, 50_000, 3, 2000);
    /** Tiny, for the build's smoke test: every benchmark once, in seconds, nothing worth reading. */
    static final Plan SMOKE = new Plan("smoke", 0, 1, Duration.ofMillis(100), 1000, 50, 4, 1024, 100, 200, 10, 4,
            200, 1, 50);
}
