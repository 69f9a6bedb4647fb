package dev.vtlab.lab;

/** Where the lab reads {@link ServerLoad}: the configuration supplies it, as it knows Tomcat and the pool. */
@FunctionalInterface
public interface ServerLoadSource {

    ServerLoad current();
}
