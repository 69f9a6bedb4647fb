package dev.vtlab.reference;

import dev.vtlab.childprocess.ListeningPorts;
import dev.vtlab.childprocess.RunnerWatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

import java.util.Map;

/**
 * The reactive reference: vtlab's greeting served by Spring WebFlux on Netty, where a waiting request holds no
 * thread at all, only its place in a chain of callbacks. It exists to be measured beside vtlab with T on
 * ({@code vtlab-loadgen compare}, docs/benchmarks.md): the comparison the project grew from. It is not a fifth
 * style of the lesson, and nothing else in the project depends on it.
 * <pre>
 *   java -Xmx512m -jar reference-webflux/target/vtlab-reference-webflux.jar [--server.port=8088]
 * </pre>
 */
@SpringBootApplication
public class ReferenceWebFlux {

    public static void main(String[] args) {
        RunnerWatch.exitWhenTheRunnerIsGone("reactive reference");
        SpringApplication reference = new SpringApplication(ReferenceWebFlux.class);
        // Started by compare: its port goes where compare reads it (it binds port 0, see ListeningPorts).
        reference.addListeners((ApplicationListener<WebServerInitializedEvent>) started ->
                ListeningPorts.report(Map.of(ListeningPorts.HTTP, started.getWebServer().getPort())));
        reference.run(args);
    }
}
