package dev.vtlab.bootstrap;

import dev.vtlab.childprocess.RunnerWatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.actuate.web.server.JettyServletManagementContextAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.actuate.web.server.TomcatServletManagementContextAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.actuate.web.server.JettyReactiveManagementContextAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.reactive.JettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.reactor.netty.autoconfigure.actuate.web.server.NettyReactiveManagementContextAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.actuate.web.server.TomcatReactiveManagementContextAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.reactive.TomcatReactiveWebServerAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Server entry point: starts Spring Boot with the flags from {@code flags.properties}, wired by
 * {@link CompositionRoot} and nothing else: no component scan, so no class joins the server by an annotation a
 * reader must go and find. Boot's auto-configuration is on because Boot needs it for the web server, Spring MVC or
 * WebFlux, and JSON;
 * it also brings in the lab when the lab module is on the class path (docs/architecture.md). Started by a runner
 * (the matrix, compare), the server exits with the runner and reports the ports it bound. Boot would make the
 * management server (Actuator's port) on whichever of Tomcat, Jetty and Netty it finds, and with all three on the
 * class path it finds them all: the composition root chooses it with the main server instead
 * ({@code WebServerConfiguration}). For the same reason Tomcat's and Jetty's reactive servers are excluded: when
 * {@code vtlab.web-server=netty} makes the application reactive, Boot's Netty support is the one left to build it.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(exclude = {TomcatServletManagementContextAutoConfiguration.class,
        JettyServletManagementContextAutoConfiguration.class, TomcatReactiveManagementContextAutoConfiguration.class,
        JettyReactiveManagementContextAutoConfiguration.class, NettyReactiveManagementContextAutoConfiguration.class,
        TomcatReactiveWebServerAutoConfiguration.class, JettyReactiveWebServerAutoConfiguration.class})
@Import(CompositionRoot.class)
public class VtlabServer {

    public static void main(String[] args) {
        try {
            RunnerWatch.exitWhenTheRunnerIsGone("vtlab server");
        } catch (IllegalArgumentException badRunnerPid) {
            System.err.println(badRunnerPid.getMessage());
            System.exit(2);
        }
        SpringApplication.run(VtlabServer.class, args);
    }
}
