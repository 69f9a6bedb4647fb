/**
 * The database: H2 in TCP server mode, or a PostgreSQL it prepares, run as its own process
 * ({@code vtlab-downstream database}) so that the server's JDBC adapter waits on real sockets through a real pool.
 */
package dev.vtlab.downstream.database;
