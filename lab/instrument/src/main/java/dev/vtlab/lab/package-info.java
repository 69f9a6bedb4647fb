/**
 * Lab: records which kind of thread ran each layer, from around the adapters (a repository decorator and an
 * executor decorator, {@link dev.vtlab.lab.LabRecorders}, which the composition root applies through its one hook;
 * Spring MVC interceptors and a response advice), and serves the lab endpoints ({@code /lab/...}) that report it
 * with the environment, the load and the JVM's thread and memory figures. {@link dev.vtlab.lab.LabConfiguration}
 * wires all of it. The web and persistence adapters know nothing of it, neither does the core, and the server runs
 * without it.
 */
package dev.vtlab.lab;
