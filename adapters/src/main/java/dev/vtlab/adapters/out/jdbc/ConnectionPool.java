package dev.vtlab.adapters.out.jdbc;

import java.time.Duration;

/**
 * Configuration value: the pool the JDBC adapter borrows its connections from, as its failures name it.
 *
 * @param name          the pool's name, e.g. {@code vtlab-db-pool}
 * @param size          connections the pool holds at most
 * @param timeout       how long a call waits for a free connection before it fails
 * @param maxConcurrent the bulkhead in front of the pool: calls allowed at once, or {@code null} for none
 */
public record ConnectionPool(String name, int size, Duration timeout, Integer maxConcurrent) {
}
