/** Outgoing ports: what the application needs from the outside world (here: somewhere to keep visits). */
package dev.vtlab.application.port.out;
