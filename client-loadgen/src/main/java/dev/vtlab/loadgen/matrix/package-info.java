/**
 * The flag-matrix experiment: for each combination of T, A, W, R that matters to some mode, start a server with
 * those flags, measure each mode it is relevant to, stop the server, and keep whatever happened.
 */
package dev.vtlab.loadgen.matrix;
