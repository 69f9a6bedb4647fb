package dev.vtlab.bootstrap;

import dev.vtlab.childprocess.RunnerWatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.actuate.web.server.JettyServletManagementContextAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.actuate.web.server.TomcatServletManagementContextAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Server entry point: starts Spring Boot on Tomcat with the flags from {@code flags.properties}, wired by
 * {@link CompositionRoot} and nothing else: no component scan, so no class joins the server by an annotation a
 * reader must go and find. Boot's auto-configuration is on because Boot needs it for Tomcat, Spring MVC and JSON;
 * it also brings in the lab when the lab module is on the class path (docs/architecture.md). Started by a runner
 * (the matrix, compare), the server exits with the runner and reports the ports it bound. Boot would make the
 * management server (Actuator's port) on whichever of Tomcat and Jetty it finds, and with both on the class path it
 * finds both: the composition root chooses it with the main server instead ({@code WebServerConfiguration}).
 */
@SpringBootConfiguration
@EnableAutoConfiguration(exclude = {TomcatServletManagementContextAutoConfiguration.class,
        JettyServletManagementContextAutoConfiguration.class})
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
