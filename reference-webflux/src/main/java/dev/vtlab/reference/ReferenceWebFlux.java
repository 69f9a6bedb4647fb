package dev.vtlab.reference;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

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
        SpringApplication.run(ReferenceWebFlux.class, args);
    }
}
