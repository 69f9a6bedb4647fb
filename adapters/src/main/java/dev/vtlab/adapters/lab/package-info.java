/**
 * Lab: records which kind of thread ran each layer, from around the adapters (a repository decorator and an
 * executor decorator put around the composition root's beans by {@code LabRecorders} (the lab's configuration),
 * Spring MVC interceptors registered by the lab's configuration, a response advice and the lab's controller found
 * by the component scan), and serves the
 * lab endpoints ({@code /lab/...}) that report it with the environment and the JVM's thread and memory figures.
 * The web and persistence adapters know nothing of it, and neither does the core.
 */
package dev.vtlab.adapters.lab;
