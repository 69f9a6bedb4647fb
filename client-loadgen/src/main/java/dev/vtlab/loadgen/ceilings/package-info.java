/**
 * Any Spring Boot service's ceilings, from its standard meters, and the rate it sustains: the lab's method carried
 * to a service that has no {@code /lab}. A probe at a low rate shows, in the meters, what each request holds and
 * for how long; Little's law gives each pool's ceiling; steps of a steady rate then find the knee, beside it.
 */
package dev.vtlab.loadgen.ceilings;
