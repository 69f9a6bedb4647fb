package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.ServerLayer;

/**
 * The four flags, each putting virtual threads in one place of the server, as the server names them: its setting
 * ({@code vtlab.virtual-threads.*}) and the layer whose thread it changes first. A contract test starts the server
 * with a combination's settings and reads them back from its lab, so a renamed setting fails the build.
 */
public enum Flag {
    /** Tomcat's request threads. */
    T("vtlab.virtual-threads.tomcat", ServerLayer.WEB_ENTRY),
    /** Spring's {@code applicationTaskExecutor}. */
    A("vtlab.virtual-threads.async-executor", ServerLayer.ASYNC_EXECUTOR),
    /** The wrapper's executor. */
    W("vtlab.virtual-threads.wrapper", ServerLayer.WRAPPER),
    /** The repository's threads. */
    R("vtlab.virtual-threads.repository", ServerLayer.REPOSITORY_COUNT);

    private final String serverSetting;
    private final ServerLayer layer;

    Flag(String serverSetting, ServerLayer layer) {
        this.serverSetting = serverSetting;
        this.layer = layer;
    }

    /** The server's setting, e.g. {@code vtlab.virtual-threads.tomcat}. */
    public String serverSetting() {
        return serverSetting;
    }

    /** The layer whose thread this flag changes first. */
    public ServerLayer layer() {
        return layer;
    }
}
