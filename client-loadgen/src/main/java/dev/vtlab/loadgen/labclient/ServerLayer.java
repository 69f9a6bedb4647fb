package dev.vtlab.loadgen.labclient;

/**
 * Lab vocabulary: the layers whose thread the server's lab records, as its {@code /lab/threads} names them (the
 * server's {@code dev.vtlab.lab.Layer}; a contract test ties the two, so a renamed layer fails the build).
 */
public enum ServerLayer {
    WEB_ENTRY("web entry"),
    WEB_COMPLETION("web completion"),
    WRAPPER("wrapper"),
    ASYNC_EXECUTOR("async executor"),
    REPOSITORY_COUNT("repository count"),
    REPOSITORY_SAVE("repository save"),
    FAN_OUT_BRANCH("fan-out branch");

    private final String heading;

    ServerLayer(String heading) {
        this.heading = heading;
    }

    /** How a report's column names it. */
    public String heading() {
        return heading;
    }
}
