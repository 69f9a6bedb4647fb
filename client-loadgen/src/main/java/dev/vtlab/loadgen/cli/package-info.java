/** Command line (picocli): {@code run} for one burst, {@code matrix} for the whole experiment, {@code visit-store}
 * for the HTTP adapter's backend. Bad arguments print usage and exit 2. */
package dev.vtlab.loadgen.cli;
