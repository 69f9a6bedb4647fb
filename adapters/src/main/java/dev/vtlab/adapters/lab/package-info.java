/**
 * Lab: records which kind of thread ran each layer, from around the adapters (a repository decorator, executor
 * decorators, Spring MVC interceptors and a response advice, all wired in the composition root), and serves the
 * lab endpoints ({@code /lab/...}) that report it with the environment and the JVM's thread and memory figures.
 * The web and persistence adapters know nothing of it, and neither does the core.
 */
package dev.vtlab.adapters.lab;
