package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * What the server held at one second of a rate run, as results record it: the requests in flight from its lab
 * ({@link LabLoad}), the rest from its standard meters when they were read (servers before the meters answered all
 * of it at {@code /lab/load}, and their results keep it). A value nobody read is {@code null}.
 *
 * @param inFlight        requests taken and not yet answered (the lab's own not counted)
 * @param openConnections connections the web server holds open ({@code tomcat_connections_current_connections},
 *                        {@code jetty_connections_current_connections})
 * @param heapUsedBytes   heap in use, garbage included ({@code jvm_memory_used_bytes{area="heap"}})
 * @param platformThreads live platform threads ({@code jvm_threads_live_threads})
 * @param poolActive      JDBC connections lent out ({@code hikaricp_connections_active})
 * @param poolWaiting     calls waiting for a JDBC connection ({@code hikaricp_connections_pending})
 * @param processCpuNanos the server process's CPU time since it started ({@code process_cpu_time_ns_total})
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerLoad(Integer inFlight, Long openConnections, Long heapUsedBytes, Integer platformThreads,
                         Integer poolActive, Integer poolWaiting, Long processCpuNanos) {
}
