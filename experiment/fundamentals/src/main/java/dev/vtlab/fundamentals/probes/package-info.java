/**
 * Probes: measurements that are not a method's time, each run in a JVM of its own on the JDK under test and
 * printing one {@link dev.vtlab.fundamentals.probes.ProbeResult} line: memory per parked thread, thread per
 * connection ("Hello!" servers and one keep-alive client), and fairness under CPU-bound tasks.
 */
package dev.vtlab.fundamentals.probes;
