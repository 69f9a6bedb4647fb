/**
 * How every downstream process serves: its command line's durations, its JSON answers and {@code /stats}, the
 * readings both recommend to the visitor card, running in the foreground until stopped, and exiting with the runner
 * that started it.
 */
package dev.vtlab.downstream.serving;
