/**
 * Results as the repository stores them: a file over a few kilobytes is kept compressed beside its name
 * ({@code held.txt.gz} for {@code held.txt}), so a checkout stays small, and every reader still reads it by the name
 * it was written under.
 */
package dev.vtlab.loadgen.stored;
