/**
 * The composition root: the Spring Boot main class, where each of the four virtual-thread flags acts
 * ({@link dev.vtlab.bootstrap.CompositionRoot}, one method per flag), the persistence adapter's choice, the
 * explicit wiring of the core and the lab's one hook. With {@code webserver} (Tomcat sized for bursts), the only
 * packages that create threads or executors.
 */
package dev.vtlab.bootstrap;
