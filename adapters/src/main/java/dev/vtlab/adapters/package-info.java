/**
 * Adapters: everything that touches the outside world (HTTP, storage) and the configuration that wires the core.
 * The decision where virtual threads run is made here, in {@link dev.vtlab.adapters.config}, and nowhere else.
 */
package dev.vtlab.adapters;
