package dev.vtlab.loadgen.ceilings;

import dev.vtlab.loadgen.meters.ReadableFigures;

import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;

/**
 * What a request in flight holds of a service's heap, from its meters: the least heap in use of each probe window
 * and step against the requests in flight on average then ({@link CeilingSearch.HeapPoint}), a straight line through
 * them; its slope is a request's heap. The line needs the requests in flight to span at least {@value #MIN_SPAN} (a
 * page of a few milliseconds at rates that hold has a handful in flight, too few to tell from the collector's
 * sawtooth) and to rise; short of that, vtlab's own measure of a request waiting on Tomcat ({@value #ASSUMED_KB} KB)
 * is assumed, and said why.
 *
 * @param kbPerRequest what a request in flight holds, KB
 * @param measured     whether it was measured (else assumed)
 * @param from         how it was found, in words: measured (over which points) or assumed (and why)
 */
record HeapCost(double kbPerRequest, boolean measured, String from) {

    /** The least span of requests in flight over which a request's heap is measured. */
    static final double MIN_SPAN = 50;
    /** vtlab's measure of a request waiting on Tomcat, rounded up (docs/benchmarks.md; its own in-flight bound). */
    static final double ASSUMED_KB = 64;
    /** The share of what the heap holds that a bound lets in: the other half is headroom for garbage not collected. */
    static final double BOUND_SHARE = 0.5;

    /** A request's heap from {@code points}, measured where they span enough requests in flight, else assumed. */
    static HeapCost of(List<CeilingSearch.HeapPoint> points) {
        DoubleSummaryStatistics inFlight = points.stream().mapToDouble(CeilingSearch.HeapPoint::inFlight)
                .summaryStatistics();
        double slope = slope(points);
        boolean spanned = points.size() >= 3 && inFlight.getMax() - inFlight.getMin() >= MIN_SPAN;
        boolean measured = spanned && slope > 0;
        String span = inFlightCount(inFlight.getMin()) + " to " + inFlightCount(inFlight.getMax());
        String from = measured ? String.format(Locale.ROOT, "measured: the least heap in use against the requests "
                        + "in flight, over %d windows and steps holding %s", points.size(), span)
                : spanned ? String.format(Locale.ROOT, "assumed: vtlab's measure of a request waiting on Tomcat; "
                        + "over %d windows and steps holding %s in flight the least heap in use did not grow with "
                        + "them (a window's least is wherever the collector left it): run the search again to "
                        + "measure it", points.size(), span)
                : String.format(Locale.ROOT, "assumed: vtlab's measure of a request waiting on Tomcat; the search "
                        + "held %s in flight at most on average, too few to tell a request's heap from the "
                        + "collector's", inFlightCount(inFlight.getMax()));
        return new HeapCost(measured ? slope / 1024 : ASSUMED_KB, measured, from);
    }

    /** Requests in flight that {@code freeBytes} of heap holds at this cost. */
    long holds(double freeBytes) {
        return (long) Math.floor(freeBytes / (kbPerRequest * 1024));
    }

    /** The bound that keeps a service alive: {@value #BOUND_SHARE} of what {@code freeBytes} holds, at least 1. */
    long safeCount(double freeBytes) {
        return Math.max(1, (long) Math.floor(holds(freeBytes) * BOUND_SHARE));
    }

    /** Requests in flight on average, whole (none with no point read). */
    private static String inFlightCount(double inFlight) {
        return ReadableFigures.count((double) Math.round(Math.max(0, inFlight)));
    }

    /** The least-squares slope of heap in use on requests in flight, bytes a request; 0 with fewer than 2 points. */
    static double slope(List<CeilingSearch.HeapPoint> points) {
        if (points.size() < 2) {
            return 0;
        }
        double meanX = points.stream().mapToDouble(CeilingSearch.HeapPoint::inFlight).average().orElseThrow();
        double meanY = points.stream().mapToDouble(CeilingSearch.HeapPoint::heapUsedBytes).average().orElseThrow();
        double covariance = 0;
        double variance = 0;
        for (CeilingSearch.HeapPoint p : points) {
            covariance += (p.inFlight() - meanX) * (p.heapUsedBytes() - meanY);
            variance += (p.inFlight() - meanX) * (p.inFlight() - meanX);
        }
        return variance == 0 ? 0 : covariance / variance;
    }
}
