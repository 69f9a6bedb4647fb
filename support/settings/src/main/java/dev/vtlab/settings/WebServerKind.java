package dev.vtlab.settings;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Configuration value: which web server serves the requests ({@value VtlabSettings#WEB_SERVER}). All three come
 * through Spring Boot's own support and are chosen in the composition root; nothing inside the hexagon knows which
 * runs. Tomcat and Jetty serve through Spring MVC, Netty through Spring WebFlux: the same controller either way.
 */
public enum WebServerKind {
    /** Apache Tomcat, Spring MVC's default. */
    TOMCAT("tomcat"),
    /** Eclipse Jetty 12, through Spring Boot's spring-boot-jetty. */
    JETTY("jetty"),
    /** Reactor Netty, through Spring Boot's spring-boot-reactor-netty, serving Spring WebFlux. */
    NETTY("netty");

    private final String label;

    WebServerKind(String label) {
        this.label = label;
    }

    /** As written in the setting, e.g. {@code jetty}. */
    public String label() {
        return label;
    }

    /** Every label, in order, for the error message that refuses any other. */
    public static Set<String> labels() {
        return new LinkedHashSet<>(Arrays.stream(values()).map(WebServerKind::label).toList());
    }

    /** Whether it serves through Spring WebFlux (a reactive application) rather than Spring MVC (a servlet one). */
    public boolean reactive() {
        return this == NETTY;
    }

    /** The server with this label; the caller has refused any other. */
    public static WebServerKind of(String label) {
        return Arrays.stream(values()).filter(kind -> kind.label.equals(label)).findFirst().orElseThrow();
    }
}
