/**
 * JMH benchmarks, each the same work on platform and on virtual threads ({@link
 * dev.vtlab.fundamentals.benchmarks.BenchmarkedThreads}): creation, switching, CPU-bound hashing.
 */
package dev.vtlab.fundamentals.benchmarks;
