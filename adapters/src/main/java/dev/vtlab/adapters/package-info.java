/**
 * Adapters: everything that touches the outside world, one package each: the web adapter ({@code in.web}) and the
 * persistence adapters ({@code out.sleepy}, {@code out.jdbc}, {@code out.visitstore}). None chooses an executor
 * or knows another; the composition root ({@code dev.vtlab.bootstrap}) wires them.
 */
package dev.vtlab.adapters;
