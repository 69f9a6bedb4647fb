package dev.vtlab.lab;

/**
 * Lab value: one thread as a response shows it.
 *
 * @param name the thread's name ({@code ""} for an unnamed virtual thread)
 * @param pool the name without its trailing number, so that all threads of one pool share it
 * @param kind virtual or platform
 */
public record ThreadSeen(String name, String pool, ThreadKind kind) {

    /** The thread running the caller. */
    public static ThreadSeen current() {
        Thread thread = Thread.currentThread();
        return new ThreadSeen(thread.getName(), poolOf(thread.getName()), ThreadKind.of(thread));
    }

    /** {@code http-nio-8080-exec-12} becomes {@code http-nio-8080-exec-}; an empty name becomes {@code (unnamed)}. */
    static String poolOf(String threadName) {
        int end = threadName.length();
        while (end > 0 && Character.isDigit(threadName.charAt(end - 1))) {
            end--;
        }
        String pool = threadName.substring(0, end);
        return pool.isEmpty() ? "(unnamed)" : pool;
    }
}
