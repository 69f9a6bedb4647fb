package dev.vtlab.downstream.database;

/**
 * H2's stand-in for PostgreSQL's {@code pg_sleep}: the database's own thread waits, so the server's thread waits on
 * its socket as it would for a slow query. A class of its own because an H2 alias names a method by class and
 * name, and {@code Thread.sleep} is overloaded.
 */
public final class SleepFunction {

    private SleepFunction() {
    }

    /** Waits {@code millis} and returns them (a query needs a value). */
    public static int sleep(int millis) throws InterruptedException {
        Thread.sleep(millis);
        return millis;
    }
}
