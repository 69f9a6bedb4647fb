/**
 * A Spring Boot service's standard meters, read from outside over HTTP: Prometheus's text
 * ({@code /actuator/prometheus}) or Actuator's JSON ({@code /actuator/metrics}), each parsed once into a
 * {@link dev.vtlab.loadgen.meters.MeterSnapshot}; and Little's law from those meters alone
 * ({@link dev.vtlab.loadgen.meters.MeterCeilings}). Nothing here knows vtlab's server: it reads any Spring Boot
 * service, vtlab's among them.
 */
package dev.vtlab.loadgen.meters;
