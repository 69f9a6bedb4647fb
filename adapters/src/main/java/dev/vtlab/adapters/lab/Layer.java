package dev.vtlab.adapters.lab;

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
    /** The thread that waited for the repository's count (flag R under {@code /async}). */
    REPOSITORY_COUNT,
    /** The thread that waited for the repository's save (flag R under {@code /async}). */
    REPOSITORY_SAVE
}
