package dev.vtlab.lab;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a pin happened, by kind: stacks as the JDKs record them (innermost frame first). */
class PinnedSiteTest {

    private static final PinnedSite.Frame SLEEP = new PinnedSite.Frame("java.lang.Thread", "sleep");
    private static final PinnedSite.Frame GUARD =
            new PinnedSite.Frame("dev.vtlab.adapters.out.sleepy.Connections", "use");
    private static final PinnedSite.Frame LOAD = new PinnedSite.Frame("java.lang.ClassLoader", "loadClass");
    private static final PinnedSite.Frame SERVICE =
            new PinnedSite.Frame("dev.vtlab.application.service.SayHelloService", "sayHello");

    @Test
    void a_wait_inside_vtlabs_synchronized_block_is_vtlabs() {
        assertThat(PinnedSite.of(null, List.of(SLEEP, GUARD)))
                .isEqualTo("vtlab: dev.vtlab.adapters.out.sleepy.Connections.use");
    }

    @Test
    void a_class_loaders_lock_is_class_loading_whoever_asked_for_the_class() {
        assertThat(PinnedSite.of(null, List.of(LOAD, SERVICE)))
                .isEqualTo("class loading: dev.vtlab.application.service.SayHelloService.sayHello");
    }

    /** JDK 24+ names the reason: a class initializer running or awaited is class loading, not the caller's. */
    @Test
    void a_class_initializer_named_by_the_jdk_is_class_loading() {
        assertThat(PinnedSite.of("VM call to tools.jackson.databind.util.NameTransformer.<clinit> on stack",
                List.of(SERVICE))).startsWith("class loading: ");
        assertThat(PinnedSite.of("Waited for initialization of tools.jackson.databind.util.NameTransformer by "
                + "another thread", List.of(SERVICE))).startsWith("class loading: ");
    }

    @Test
    void drivers_pools_libraries_and_the_jdk_are_told_apart() {
        assertThat(PinnedSite.of(null, List.of(SLEEP, new PinnedSite.Frame("org.h2.engine.SessionRemote", "done"))))
                .isEqualTo("driver: org.h2.engine.SessionRemote.done");
        assertThat(PinnedSite.of(null, List.of(new PinnedSite.Frame("com.zaxxer.hikari.pool.HikariPool", "get"))))
                .startsWith("pool: ");
        assertThat(PinnedSite.of(null, List.of(new PinnedSite.Frame("org.apache.catalina.Foo", "bar"))))
                .startsWith("library: ");
        assertThat(PinnedSite.of(null, List.of(SLEEP))).isEqualTo("JDK: java.lang.Thread.sleep");
        assertThat(PinnedSite.of("Freeze or preempt failed (2)", List.of())).isEqualTo("unknown: no stack trace");
    }
}
