/**
 * Load generator: fires bursts of HTTP requests at the vtlab server and runs the flag-matrix experiment. It knows
 * the server only over HTTP (the endpoints and {@code /lab/...}), never its classes.
 */
package dev.vtlab.loadgen;
