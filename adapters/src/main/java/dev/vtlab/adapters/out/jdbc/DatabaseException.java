package dev.vtlab.adapters.out.jdbc;

/** Persistence adapter failure: the database could not be used; nothing was saved by this call. */
public final class DatabaseException extends RuntimeException {

    /** What went wrong, in the terms of a caller deciding between "bad gateway" and "try again later". */
    public enum Failure {
        /** No connection could be opened to the database, or one broke. */
        UNREACHABLE,
        /** Every connection of the pool stayed busy for the pool's whole timeout. */
        POOL_EXHAUSTED,
        /** More calls than the bulkhead allows were already in flight: refused at once, before the pool. */
        BULKHEAD_FULL,
        /** The database answered with an error. */
        QUERY_FAILED
    }

    private final Failure failure;
    private final String database;
    private final ConnectionPool pool;

    DatabaseException(Failure failure, String database, ConnectionPool pool, String detail, Throwable cause) {
        super("database at " + database + ": " + detail, cause);
        this.failure = failure;
        this.database = database;
        this.pool = pool;
    }

    public Failure failure() {
        return failure;
    }

    /** The database's URL, without credentials. */
    public String database() {
        return database;
    }

    public ConnectionPool pool() {
        return pool;
    }
}
