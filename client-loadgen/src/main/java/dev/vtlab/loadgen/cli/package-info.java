/**
 * Command line (picocli): {@code run} for one burst, {@code matrix} for the whole experiment, {@code compare} for
 * vtlab against the reactive reference, {@code figures} for the docs' drawings of a matrix's results. A bad
 * argument prints one line and a pointer to {@code --help}, and exits 2.
 */
package dev.vtlab.loadgen.cli;
