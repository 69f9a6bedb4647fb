package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Lab data: the server's {@code /lab/load}, what no standard meter gives.
 *
 * @param inFlight requests taken and not yet answered (the lab's own not counted): 0 is a quiet server
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LabLoad(int inFlight) {
}
