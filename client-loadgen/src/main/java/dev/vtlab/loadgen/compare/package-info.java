/**
 * The side-by-side comparison ({@code vtlab-loadgen compare}): vtlab with virtual threads in Tomcat (T) against the
 * reactive reference (Spring WebFlux on Netty), the same bursts alternating on the same machine, and what one held
 * request costs each in live heap. Both servers are reached over HTTP only.
 */
package dev.vtlab.loadgen.compare;
