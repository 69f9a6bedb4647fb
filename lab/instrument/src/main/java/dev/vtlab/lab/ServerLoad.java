package dev.vtlab.lab;

/**
 * Lab data: what the server holds right now, for a runner that waits for a quiet server before it measures, or
 * samples it each second of a rate run. Live virtual threads are not among them: JFR's end event would double the
 * lab's cost on every run, and with T on the requests in flight stand for them.
 *
 * @param inFlight        requests taken and not yet answered ({@link InFlightRequests}; the lab's own not counted)
 * @param openConnections connections Tomcat's main connector holds open
 * @param heapUsedBytes   heap in use, garbage included
 * @param platformThreads live platform threads
 * @param poolActive      JDBC connections lent out now, {@code null} without the JDBC adapter
 * @param poolWaiting     calls waiting for a JDBC connection now, {@code null} without the JDBC adapter
 * @param processCpuNanos CPU time the server process has used since it started (all its threads), for the CPU
 *                        time a request costs; {@code null} where the JVM cannot tell
 */
public record ServerLoad(int inFlight, long openConnections, long heapUsedBytes, int platformThreads,
                         Integer poolActive, Integer poolWaiting, Long processCpuNanos) {
}
