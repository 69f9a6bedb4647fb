/**
 * The visit store: the slow backend that vtlab's HTTP persistence adapter talks to, run as its own process
 * ({@code vtlab-downstream visit-store}), so that the server waits on real sockets. Built on the JDK's own HTTP
 * server; see docs/decisions.md for why.
 */
package dev.vtlab.downstream.visitstore;
