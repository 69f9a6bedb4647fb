package dev.vtlab.otherservice;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

import java.util.Map;

/**
 * A service as many are: Spring MVC on Tomcat's platform threads (20 of them, and Tomcat's thread meters off, as
 * Boot leaves them), a HikariCP pool, Actuator's meters on its own port, no virtual threads unless
 * {@code spring.threads.virtual.enabled=true} is passed, nothing of vtlab's lab. Three pages, each bound by another
 * resource: {@code /orders/count} by its pool of 4 connections (a slow query), {@code /orders/status} by the request
 * threads (a slow call), {@code /orders/report} by the cores (a few ms of CPU). {@code vtlab-loadgen ceilings} should
 * find each from the meters and settings alone.
 */
@SpringBootApplication
public class OrdersService {

    public static void main(String[] args) {
        RunnerWatch.exitWhenTheRunnerIsGone("orders service");
        var context = SpringApplication.run(OrdersService.class, args);
        // For a runner that started it on port 0 (a test): the ports it bound.
        ListeningPorts.report(Map.of(ListeningPorts.HTTP,
                ((WebServerApplicationContext) context).getWebServer().getPort(), ListeningPorts.MANAGEMENT,
                context.getEnvironment().getProperty("local.management.port", Integer.class)));
    }
}
