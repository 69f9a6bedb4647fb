package dev.vtlab.otherservice;

/** The database function {@code ORDERS_SLEEP(millis)} (schema.sql): a query that takes as long as a slow one. */
public final class SlowQuery {

    private SlowQuery() {
    }

    /** Sleeps, then returns 0. */
    public static int sleep(int millis) throws InterruptedException {
        Thread.sleep(millis);
        return 0;
    }
}
