/**
 * Configuration, the composition root: the Spring Boot main class, where each of the four virtual-thread flags acts
 * ({@link dev.vtlab.adapters.config.CompositionRoot}, one method per flag), the persistence adapter's choice, and the
 * explicit wiring of the core. With {@code settings} (what the flags and settings say, read strictly) and
 * {@code tomcat} (Tomcat sized for bursts), the only packages that create threads or executors.
 */
package dev.vtlab.adapters.config;
