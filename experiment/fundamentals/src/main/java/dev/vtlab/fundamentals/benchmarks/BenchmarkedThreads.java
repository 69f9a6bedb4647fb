package dev.vtlab.fundamentals.benchmarks;

/** The one thing every benchmark varies: which kind of thread does the same work. */
public enum BenchmarkedThreads {
    PLATFORM,
    VIRTUAL;

    /** A builder of threads of this kind. */
    public Thread.Builder builder() {
        return this == VIRTUAL ? Thread.ofVirtual() : Thread.ofPlatform();
    }
}
