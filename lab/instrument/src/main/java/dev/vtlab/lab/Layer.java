package dev.vtlab.lab;

/** Lab vocabulary: the places in a request whose thread the lab records. */
public enum Layer {
    /** The thread that entered the controller method: Tomcat's request thread (flag T). */
    WEB_ENTRY,
    /** The thread that produced the response value: the entry thread for sync, whoever completed the future otherwise. */
    WEB_COMPLETION,
    /** The thread inside {@code supplyAsync(..., wrapperExecutor)} on {@code /wrapped} (flag W). */
    WRAPPER,
    /** The thread that ran the {@code Callable} body on {@code /callable}: Spring's applicationTaskExecutor (flag A). */
    ASYNC_EXECUTOR,
    /**
     * The thread that finished the repository's count: the caller's for a blocking call; for a future, the one that
     * completed it (under {@code /async}, one of the repository's threads, flag R, for the sleepy and JDBC
     * adapters; for the HTTP adapter, the thread the client handed the answer to).
     */
    REPOSITORY_COUNT,
    /** The thread that finished the repository's save, as for {@link #REPOSITORY_COUNT}. */
    REPOSITORY_SAVE,
    /**
     * The thread that ran one read of {@code /fanout}'s fan-out: the request's own for {@code sequential}, W's
     * executor's for {@code futures}, a new virtual thread each for {@code structured}.
     */
    FAN_OUT_BRANCH
}
