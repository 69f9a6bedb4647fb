package dev.vtlab.loadgen.compare;

import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.WebServerSetting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A vtlab server the reference is compared with ({@code compare --web-server}): which web server (with or without
 * Spring Boot's switch), which flag puts virtual threads where the waiting happens, and the endpoint its bursts go
 * to. The first three are the article's three systems at vtlab's sizes (Tomcat + Loom; Jetty + Loom; WebFlux + Loom
 * with the blocking use case as it is); the fourth is its other WebFlux + Loom form,
 * {@code Mono.fromFuture(supplyAsync(blocking, virtual threads))}; the last is the third with Spring Boot's switch
 * alone instead of T, as Boot builds it.
 */
public enum Challenger {
    TOMCAT("tomcat", WebServerSetting.TOMCAT, "T1 A0 W0 R0", "/sync", "vtlab (T on, Tomcat, Spring MVC)"),
    JETTY("jetty", WebServerSetting.JETTY, "T1 A0 W0 R0", "/sync", "vtlab (T on, Jetty, Spring MVC)"),
    NETTY("netty", WebServerSetting.NETTY, "T1 A0 W0 R0", "/sync", "vtlab (T on, Netty, Spring WebFlux, /sync)"),
    NETTY_WRAPPED("netty-wrapped", WebServerSetting.NETTY, "T0 A0 W1 R0", "/wrapped",
            "vtlab (W on, Netty, Spring WebFlux, /wrapped)"),
    /** Spring Boot's switch alone, as Boot builds it: blocking methods on {@code applicationTaskExecutor}. */
    NETTY_BOOT("netty-boot", WebServerSetting.NETTY_BOOT, "T0 A0 W0 R0", "/sync",
            "vtlab (Boot's switch, Netty, Spring WebFlux, /sync)");

    private final String label;
    private final WebServerSetting webServer;
    private final Combination flags;
    private final String path;
    private final String reportName;

    Challenger(String label, WebServerSetting webServer, String flags, String path, String reportName) {
        this.label = label;
        this.webServer = webServer;
        this.flags = Combination.parse(flags);
        this.path = path;
        this.reportName = reportName;
    }

    /** As {@code --web-server} writes it, e.g. {@code netty-wrapped}. */
    public String label() {
        return label;
    }

    /** How the report names it. */
    public String reportName() {
        return reportName;
    }

    /** Where each request of its bursts goes, e.g. {@code /sync?name=Ada}. */
    public String target() {
        return path + "?name=Ada";
    }

    /** Its server's arguments, as the matrix gives a server its own: the flags, then the web server's. */
    public List<String> serverArgs() {
        List<String> args = new ArrayList<>(flags.serverArgs());
        args.addAll(webServer.serverArgs());
        return args;
    }

    public static Optional<Challenger> parse(String label) {
        return Arrays.stream(values()).filter(challenger -> challenger.label.equals(label.strip())).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(Challenger::label).toList();
    }
}
