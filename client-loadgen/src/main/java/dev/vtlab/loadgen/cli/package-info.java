/** Command line (picocli): {@code run} for one burst, {@code matrix} for the whole experiment. Bad arguments print
 * usage and exit 2. */
package dev.vtlab.loadgen.cli;
