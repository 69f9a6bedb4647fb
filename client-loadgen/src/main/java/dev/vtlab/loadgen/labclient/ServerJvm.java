package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.Map;

/**
 * Lab data: the server's {@code /lab/jvm} for one run (since the lab's reset).
 *
 * @param platformThreadsLive    platform threads alive now
 * @param platformThreadsPeak    the most alive at once
 * @param platformThreadsStarted platform threads started
 * @param virtualThreadsStarted  virtual threads started (JFR)
 * @param virtualThreadsPinned   virtual threads pinned to their carrier (JFR)
 * @param pinnedSites            the same events by where they happened, e.g. {@code driver: org.h2...},
 *                               {@code class loading: ...}, {@code vtlab: ...} (empty from servers before it)
 * @param heapUsedBytes          heap in use
 * @param heapCommittedBytes     heap committed
 * @param residentSetBytes       the process's resident set
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerJvm(int platformThreadsLive, int platformThreadsPeak, long platformThreadsStarted,
                        long virtualThreadsStarted, long virtualThreadsPinned,
                        Map<String, Long> pinnedSites, long heapUsedBytes,
                        long heapCommittedBytes, long residentSetBytes) {

    /** The pinned events by site; empty (not null) when the server did not report them. */
    public Map<String, Long> pinnedSites() {
        return pinnedSites == null ? Map.of() : pinnedSites;
    }

    public long heapUsedMb() {
        return heapUsedBytes >> 20;
    }

    public long residentSetMb() {
        return residentSetBytes >> 20;
    }
}
