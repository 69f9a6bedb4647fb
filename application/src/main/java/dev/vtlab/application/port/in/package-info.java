/** Incoming ports: what the outside world may ask of the application. */
package dev.vtlab.application.port.in;
