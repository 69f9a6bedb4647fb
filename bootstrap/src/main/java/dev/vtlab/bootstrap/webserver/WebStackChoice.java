package dev.vtlab.bootstrap.webserver;

import dev.vtlab.settings.VtlabSettings;
import dev.vtlab.settings.WebServerKind;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.Map;

/**
 * The delivery mechanism, chosen with the web server: {@code vtlab.web-server=netty} makes the application a reactive
 * one (Spring WebFlux on Reactor Netty), {@code tomcat} and {@code jetty} leave it a servlet one (Spring MVC). Spring
 * Boot decides between the two from the class path, and with both on it picks Spring MVC; it reads
 * {@code spring.main.web-application-type} after the environment is prepared and before it creates the context,
 * which is the one moment this choice can be made from a setting (flags.properties, an argument, a variable). The
 * value is read leniently here: a bad one is refused, naming its key, when the settings are read.
 */
public final class WebStackChoice implements EnvironmentPostProcessor {

    static final String WEB_APPLICATION_TYPE = "spring.main.web-application-type";
    private static final String SOURCE = "vtlab web stack (from " + VtlabSettings.WEB_SERVER + ")";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String server = environment.getProperty(VtlabSettings.WEB_SERVER, WebServerKind.TOMCAT.label()).strip();
        if (server.equals(WebServerKind.NETTY.label())) {
            environment.getPropertySources().addFirst(new MapPropertySource(SOURCE,
                    Map.of(WEB_APPLICATION_TYPE, "reactive")));
        }
    }
}
