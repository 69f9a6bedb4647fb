package dev.vtlab.lab;

/** Lab vocabulary: the two kinds of Java thread. */
public enum ThreadKind {
    VIRTUAL, PLATFORM;

    /** The kind of the given thread. */
    public static ThreadKind of(Thread thread) {
        return thread.isVirtual() ? VIRTUAL : PLATFORM;
    }
}
