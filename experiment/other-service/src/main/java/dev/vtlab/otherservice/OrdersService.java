package dev.vtlab.otherservice;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

import java.util.Map;

/**
 * A service as many are: Spring MVC on Tomcat's 200 platform threads, a HikariCP pool, Actuator's meters on its
 * own port, no virtual threads, nothing of vtlab's lab. Its one page waits for a slow query, so its pool of 4
 * connections binds first: {@code vtlab-loadgen ceilings} should find that from the meters alone.
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
