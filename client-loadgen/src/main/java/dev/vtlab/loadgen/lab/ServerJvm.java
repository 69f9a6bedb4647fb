package dev.vtlab.loadgen.lab;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Lab data: the server's {@code /lab/jvm} for one run (since the lab's reset).
 *
 * @param platformThreadsLive    platform threads alive now
 * @param platformThreadsPeak    the most alive at once
 * @param platformThreadsStarted platform threads started
 * @param virtualThreadsStarted  virtual threads started (JFR)
 * @param virtualThreadsPinned   virtual threads pinned to their carrier (JFR)
 * @param heapUsedBytes          heap in use
 * @param heapCommittedBytes     heap committed
 * @param residentSetBytes       the process's resident set
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerJvm(int platformThreadsLive, int platformThreadsPeak, long platformThreadsStarted,
                        long virtualThreadsStarted, long virtualThreadsPinned, long heapUsedBytes,
                        long heapCommittedBytes, long residentSetBytes) {

    public long heapUsedMb() {
        return heapUsedBytes >> 20;
    }

    public long residentSetMb() {
        return residentSetBytes >> 20;
    }
}
