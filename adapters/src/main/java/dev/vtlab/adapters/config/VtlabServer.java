package dev.vtlab.adapters.config;

import dev.vtlab.childprocess.RunnerWatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Server entry point: starts Spring Boot on Tomcat with the flags from {@code flags.properties}. Started by a
 * runner (the matrix, compare), it exits with the runner and reports the ports it bound.
 */
@SpringBootApplication(scanBasePackages = "dev.vtlab.adapters")
public class VtlabServer {

    public static void main(String[] args) {
        try {
            RunnerWatch.exitWhenTheRunnerIsGone("vtlab server");
        } catch (IllegalArgumentException badRunnerPid) {
            System.err.println(badRunnerPid.getMessage());
            System.exit(2);
        }
        SpringApplication server = new SpringApplication(VtlabServer.class);
        server.addListeners(new PortsReport());
        server.run(args);
    }
}
