package dev.vtlab.adapters.out.visitstore;

import java.net.URI;

/** Persistence adapter failure: the visit store could not be used; nothing was saved by this call's caller. */
public final class VisitStoreException extends RuntimeException {

    /** What went wrong, in the terms of a caller deciding between "bad gateway" and "gateway timeout". */
    public enum Failure {
        /** No connection, or it broke. */
        UNREACHABLE,
        /** No answer within the adapter's timeout. */
        TIMEOUT,
        /** An answer that is not a success (a 4xx or 5xx). */
        BAD_STATUS,
        /** A success whose body is not what the store promises. */
        MALFORMED_ANSWER
    }

    private final Failure failure;
    private final URI store;

    VisitStoreException(Failure failure, URI store, String detail, Throwable cause) {
        super("visit store at " + store + ": " + detail, cause);
        this.failure = failure;
        this.store = store;
    }

    public Failure failure() {
        return failure;
    }

    /** The store's base URL. */
    public URI store() {
        return store;
    }
}
