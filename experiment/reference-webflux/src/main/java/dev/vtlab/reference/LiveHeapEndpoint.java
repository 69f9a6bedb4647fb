package dev.vtlab.reference;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;

/**
 * What the heap holds, the way vtlab's lab answers it ({@code POST /lab/jvm/histogram}): the JVM's class histogram
 * of live objects ({@code jcmd <pid> GC.class_histogram}, which collects first), so that the load generator measures
 * both servers the same way, over HTTP.
 */
@RestController
class LiveHeapEndpoint {

    @PostMapping(path = "/lab/jvm/histogram", produces = MediaType.TEXT_PLAIN_VALUE)
    Mono<String> histogram() {
        // A full collection blocks: not on the event loop.
        return Mono.fromCallable(() -> (String) ManagementFactory.getPlatformMBeanServer().invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                        new Object[] {new String[0]}, new String[] {String[].class.getName()}))
                .subscribeOn(Schedulers.boundedElastic());
    }
}
