/**
 * Configuration, the composition root: the Spring Boot main class, the four virtual-thread flags, every executor,
 * and the explicit wiring of the core. The only package that creates threads or executors.
 */
package dev.vtlab.adapters.config;
