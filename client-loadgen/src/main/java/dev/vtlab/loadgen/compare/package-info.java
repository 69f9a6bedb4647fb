/**
 * The side-by-side comparison ({@code vtlab-loadgen compare}): vtlab with virtual threads where its waiting happens,
 * on Tomcat, Jetty or Netty ({@link dev.vtlab.loadgen.compare.Challenger}), against the reactive reference (Spring
 * WebFlux on Netty), the same bursts alternating on the same machine, and what one held request costs each in live
 * heap. Every server is reached over HTTP only.
 */
package dev.vtlab.loadgen.compare;
