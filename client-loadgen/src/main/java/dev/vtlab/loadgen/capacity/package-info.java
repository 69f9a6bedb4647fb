/**
 * Capacity: what rate each placement of virtual threads sustains, stepped up on a fresh server until it no longer
 * holds ({@link dev.vtlab.loadgen.capacity.RateLadder}, {@link dev.vtlab.loadgen.capacity.HoldRule}), beside what
 * Little's law predicts from the server's configuration ({@link dev.vtlab.loadgen.capacity.LittlesLaw}).
 */
package dev.vtlab.loadgen.capacity;
