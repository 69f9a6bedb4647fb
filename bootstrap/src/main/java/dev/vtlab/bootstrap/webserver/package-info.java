/**
 * Wiring of Tomcat for bursts: how many connections it holds at once (derived from the heap), what each one costs
 * (socket, header and response buffers), the lab's connector and the response-completing filter.
 */
package dev.vtlab.bootstrap.webserver;
