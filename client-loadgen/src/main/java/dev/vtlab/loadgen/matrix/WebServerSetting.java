package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The web server an experiment's servers run ({@code vtlab.web-server}), and whether Spring Boot's own switch
 * ({@code spring.threads.virtual.enabled=true}) is on: Boot's switch is a variant of its own because each server
 * takes it differently (on Tomcat a virtual thread per request; on Jetty a pool of virtual threads that runs at
 * most {@code server.jetty.threads.max}, 200, at once).
 */
public enum WebServerSetting {
    TOMCAT("tomcat", "tomcat", false),
    JETTY("jetty", "jetty", false),
    TOMCAT_BOOT("tomcat-boot", "tomcat", true),
    JETTY_BOOT("jetty-boot", "jetty", true);

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
    List<String> serverArgs() {
        return bootSwitch ? List.of("--vtlab.web-server=" + server, "--spring.threads.virtual.enabled=true")
                : List.of("--vtlab.web-server=" + server);
    }

    public static Optional<WebServerSetting> parse(String label) {
        return Arrays.stream(values()).filter(setting -> setting.label.equals(label.strip())).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(WebServerSetting::label).toList();
    }
}
