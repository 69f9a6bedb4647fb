package dev.vtlab.adapters.config;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Server entry point: starts Spring Boot on Tomcat with the flags from {@code flags.properties}. */
@SpringBootApplication(scanBasePackages = "dev.vtlab.adapters")
public class VtlabServer {

    public static void main(String[] args) {
        RunnerWatch.exitWhenTheRunnerIsGone();
        SpringApplication.run(VtlabServer.class, args);
    }
}
