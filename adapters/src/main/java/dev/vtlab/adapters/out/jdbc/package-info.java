/**
 * Persistence adapter: visits in a real database (H2 over TCP, or PostgreSQL) through a connection pool, where
 * each call waits inside the database. It runs its async calls on the executor it is given (flag R); the pool and
 * the bulkhead in front of it are built in the composition root from the settings.
 */
package dev.vtlab.adapters.out.jdbc;
