package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Lab data: the server's {@code /lab/load}, what it holds right now (live virtual threads are not counted: with T
 * on, the requests in flight stand for them).
 *
 * @param inFlight        requests taken and not yet answered (the lab's own not counted)
 * @param openConnections connections Tomcat's main connector holds open
 * @param heapUsedBytes   heap in use, garbage included
 * @param platformThreads live platform threads
 * @param poolActive      JDBC connections lent out now, {@code null} without the JDBC adapter
 * @param poolWaiting     calls waiting for a JDBC connection now, {@code null} without the JDBC adapter
 * @param processCpuNanos the server process's CPU time since it started; {@code null} where unknown (older servers too)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerLoad(int inFlight, long openConnections, long heapUsedBytes, int platformThreads,
                         Integer poolActive, Integer poolWaiting, Long processCpuNanos) {
}
