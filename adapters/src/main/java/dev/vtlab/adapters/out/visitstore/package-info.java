/**
 * Persistence adapter over HTTP: the same {@code VisitRepository} port, backed by a separate visit store process
 * (a slow backend behind a service) and reached with {@code java.net.http.HttpClient}. The client, and with it
 * the executor flag R chooses, is built in the composition root and handed in.
 */
package dev.vtlab.adapters.out.visitstore;
