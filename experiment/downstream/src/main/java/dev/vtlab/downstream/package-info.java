/**
 * The slow world outside the service: processes that play the dependencies a vtlab server waits on, each started
 * by one command ({@code visit-store}, {@code database}) on loopback, by hand or by the matrix for each server.
 */
package dev.vtlab.downstream;
