/**
 * Lab: records which kind of thread ran each layer, and serves the lab endpoints ({@code /lab/...}) that report
 * it together with the environment and the JVM's thread and memory figures. Used by the web and persistence
 * adapters; the core knows nothing of it.
 */
package dev.vtlab.adapters.lab;
