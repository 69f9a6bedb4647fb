/**
 * Configuration: Tomcat for bursts. How many connections it holds at once (derived from the heap), what each one
 * costs (socket, header and response buffers), and the limits it runs with, for the lab to report.
 */
package dev.vtlab.adapters.config.tomcat;
