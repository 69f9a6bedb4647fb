package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.vtlab.loadgen.load.Mode;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The web server an experiment's servers run ({@code vtlab.web-server}), and whether Spring Boot's own switch
 * ({@code spring.threads.virtual.enabled=true}) is on: Boot's switch is a variant of its own because each server
 * takes it differently (on Tomcat a virtual thread per request; on Jetty a pool of virtual threads that runs at
 * most {@code server.jetty.threads.max}, 200, at once; on Netty, Spring WebFlux, blocking methods handed to
 * {@code applicationTaskExecutor}).
 */
public enum WebServerSetting {
    TOMCAT("tomcat", "tomcat", false),
    JETTY("jetty", "jetty", false),
    NETTY("netty", "netty", false),
    TOMCAT_BOOT("tomcat-boot", "tomcat", true),
    JETTY_BOOT("jetty-boot", "jetty", true),
    NETTY_BOOT("netty-boot", "netty", true);

    private final String label;
    private final String server;
    private final boolean bootSwitch;

    WebServerSetting(String label, String server, boolean bootSwitch) {
        this.label = label;
        this.server = server;
        this.bootSwitch = bootSwitch;
    }

    /** As the option and results write it, e.g. {@code jetty-boot}. */
    @JsonValue
    public String label() {
        return label;
    }

    /** e.g. {@code jetty with Boot's switch}: what every report says of it. */
    public String describe() {
        return server + (bootSwitch ? " with Boot's switch" : "");
    }

    /** The server's own arguments for it. */
    public List<String> serverArgs() {
        return bootSwitch ? List.of("--vtlab.web-server=" + server, "--spring.threads.virtual.enabled=true")
                : List.of("--vtlab.web-server=" + server);
    }

    /**
     * Of {@code modes}, those this server serves: every one but on Netty, which serves Spring WebFlux, and WebFlux has
     * no step that runs a {@code Callable} ({@code /callable} answers a 501 problem detail there).
     */
    public List<Mode> served(List<Mode> modes) {
        return modes.stream().filter(this::serves).toList();
    }

    /** Of {@code modes}, why each this server does not serve is left out; empty when it serves them all. */
    public List<String> leftOut(List<Mode> modes) {
        return modes.stream().filter(mode -> !serves(mode)).map(mode -> mode.label() + " is left out on "
                + describe() + ": Spring WebFlux has no step that runs a Callable (flag A's place on Spring MVC), "
                + "and the server answers it with a 501 problem detail").toList();
    }

    private boolean serves(Mode mode) {
        return !(server.equals("netty") && mode == Mode.CALLABLE);
    }

    public static Optional<WebServerSetting> parse(String label) {
        return Arrays.stream(values()).filter(setting -> setting.label.equals(label.strip())).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(WebServerSetting::label).toList();
    }
}
