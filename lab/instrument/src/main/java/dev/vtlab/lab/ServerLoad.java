package dev.vtlab.lab;

/**
 * Lab data: what the server holds right now that no standard meter gives, for a runner that waits for a quiet
 * server before it measures, or samples it each second of a rate run. Its connections, heap, threads, JDBC pool and
 * CPU time are the service's own meters (Actuator, on the management port); the requests in flight are not: the
 * meters count the lab's own reads among them, or cannot tell them apart.
 *
 * @param inFlight requests taken and not yet answered ({@link InFlightRequests}; the lab's own not counted)
 */
public record ServerLoad(int inFlight) {
}
